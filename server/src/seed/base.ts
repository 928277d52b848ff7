// Reference data every install needs: roles, menus and their permissions, dictionaries, config, languages, components.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  config,
  dictData,
  dictType,
  languageType,
  menu,
  propertyComp,
  role,
  roleMenu,
} from '../db/schema/index.ts'
import { CAPTCHA_ENABLED_KEY } from '../system/config-values.ts'
import type { MenuSeed } from './menu-seed.ts'
import { MENU_SEED, ROLE_PERMISSIONS } from './menus.ts'

export const ROLE_SEED = [
  { roleKey: 'admin', roleName: '超级管理员', roleType: 1, roleSort: 1 },
  { roleKey: 'sys_admin', roleName: '平台管理员', roleType: 1, roleSort: 2 },
  { roleKey: 'common', roleName: '普通用户', roleType: 2, roleSort: 3 },
  { roleKey: 'sys_mch_admin', roleName: '商户超级管理员', roleType: 2, roleSort: 4 },
  { roleKey: 'merchant_admin', roleName: '门店管理员', roleType: 2, roleSort: 5 },
  { roleKey: 'front_desk', roleName: '前台', roleType: 2, roleSort: 6 },
  { roleKey: 'finance', roleName: '财务', roleType: 2, roleSort: 7 },
  { roleKey: 'technician', roleName: '技术员', roleType: 2, roleSort: 8 },
  { roleKey: 'agent', roleName: '代理商', roleType: 2, roleSort: 9 },
]

const DICTS: Array<{ type: string; name: string; data: Array<[value: string, label: string]> }> = [
  {
    type: 'pms_property_type',
    name: '门店类型',
    data: [
      ['1', '酒店'],
      ['2', '公寓'],
      ['3', '宿舍'],
      ['4', '民宿'],
      ['5', '办公'],
    ],
  },
  {
    type: 'sys_normal_disable',
    name: '系统开关',
    data: [
      ['0', '正常'],
      ['1', '停用'],
    ],
  },
  {
    type: 'sys_user_sex',
    name: '用户性别',
    data: [
      ['0', '男'],
      ['1', '女'],
      ['2', '未知'],
    ],
  },
  {
    type: 'sys_yes_no',
    name: '系统是否',
    data: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
]

async function insertMenus(db: Db, items: MenuSeed[], parentId: number) {
  let order = 0
  for (const item of items) {
    const [row] = await db
      .insert(menu)
      .values({
        parentId,
        menuName: item.name,
        orderNum: ++order,
        path: item.path ?? '',
        component: item.component ?? null,
        menuType: item.type,
        visible: item.hidden ? '1' : '0',
        perms: item.perms ?? null,
        icon: item.icon ?? '#',
        userTypes: item.userTypes ?? '1,2',
      })
      .returning({ menuId: menu.menuId })
    if (item.children) await insertMenus(db, item.children, row!.menuId)
  }
}

export async function seedBase(db: Db, options: { captchaDefault: boolean }) {
  const [{ roles }] = (await db.select({ roles: sql<number>`count(*)::int` }).from(role)) as [
    { roles: number },
  ]
  if (roles > 0) return
  await db.transaction(async (tx) => {
    await tx.insert(role).values(ROLE_SEED)
    await insertMenus(tx as unknown as Db, MENU_SEED, 0)
    const allMenus = await tx.select().from(menu)
    for (const [roleKey, prefixes] of Object.entries(ROLE_PERMISSIONS)) {
      const [r] = await tx.select().from(role).where(eq(role.roleKey, roleKey))
      const granted = allMenus.filter((m) =>
        prefixes.some((p) => m.perms === p || m.perms?.startsWith(`${p}:`)),
      )
      // A granted button also needs its parents for the menu tree.
      const ids = new Set<number>()
      for (const m of granted) {
        let cur: (typeof allMenus)[number] | undefined = m
        while (cur) {
          ids.add(cur.menuId)
          const parentId: number = cur.parentId
          cur = allMenus.find((x) => x.menuId === parentId)
        }
      }
      if (ids.size)
        await tx.insert(roleMenu).values([...ids].map((menuId) => ({ roleId: r!.roleId, menuId })))
    }
    for (const d of DICTS) {
      await tx.insert(dictType).values({ dictName: d.name, dictType: d.type })
      await tx.insert(dictData).values(
        d.data.map(([value, label], i) => ({
          dictType: d.type,
          dictValue: value,
          dictLabel: label,
          dictSort: i + 1,
        })),
      )
    }
    await tx.insert(config).values([
      {
        configName: '账号自助-验证码开关',
        configKey: CAPTCHA_ENABLED_KEY,
        configValue: String(options.captchaDefault),
        configType: 'Y',
      },
      {
        configName: '隐私政策（简体中文）',
        configKey: 'sys.privacy.zh-CN',
        configValue: PRIVACY['zh-CN'],
        configType: 'Y',
      },
      {
        configName: '隐私政策（繁體中文）',
        configKey: 'sys.privacy.zh-HK',
        configValue: PRIVACY['zh-HK'],
        configType: 'Y',
      },
      {
        configName: 'Privacy policy (English)',
        configKey: 'sys.privacy.en-US',
        configValue: PRIVACY['en-US'],
        configType: 'Y',
      },
    ])
    await tx.insert(languageType).values([
      { code: 'zh-CN', name: '简体中文', sort: 1 },
      { code: 'zh-HK', name: '繁體中文', sort: 2 },
      { code: 'en-US', name: 'English', sort: 3 },
    ])
    await tx.insert(propertyComp).values([
      {
        component: 'PmsTmManageCard',
        tabName: 'card.tab.tm',
        compType: 0,
        perms: 'pms:pmsTmManageCard:issue',
        orderNum: 1,
      },
      {
        component: 'PmsHtManageCard',
        tabName: 'card.tab.ht',
        compType: 0,
        perms: 'pms:pmsHtManageCard:issue',
        orderNum: 2,
      },
      {
        component: 'PmsBleV3ManageCard',
        tabName: 'card.tab.bleV3',
        compType: 0,
        perms: 'pms:pmsBleV3ManageCard:issue',
        orderNum: 3,
      },
      {
        component: 'PmsApartmentCheckIn',
        tabName: 'property.flag.apartmentCheckIn',
        compType: 99,
        orderNum: 1,
      },
    ])
  })
}

const PRIVACY = {
  'zh-CN':
    '我们仅为办理入住、开具房卡与结算账单收集必要的住客与员工信息，数据保存在门店或连锁的服务器上，不向第三方出售。您可以随时联系门店管理员查询、更正或删除您的信息。',
  'zh-HK':
    '我們僅為辦理入住、發出房卡與結算賬單收集必要的住客與員工資料，資料保存在門店或連鎖的伺服器上，不向第三方出售。您可以隨時聯絡門店管理員查詢、更正或刪除您的資料。',
  'en-US':
    'We collect only the guest and staff information needed to check guests in, issue key cards and settle bills. It is kept on the property’s or chain’s own server and never sold. Ask the property administrator at any time to see, correct or delete your information.',
}
