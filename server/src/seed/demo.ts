// The embedded demo: a hotel and an apartment building with their room stock, and the three demo accounts of the README.
import { UserType } from '@pms/protocol'
import { eq } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords.ts'
import type { Db } from '../db/client.ts'
import {
  chargeItem,
  property,
  propertyComp,
  propertyCompLink,
  propertyUser,
  role,
  user,
  userRole,
} from '../db/schema/index.ts'
import { seedDemoRoomStock } from './demo-rooms.ts'

export const DEMO_PASSWORD = 'admin123'

export const DEMO_PROPERTIES = [
  {
    propertyName: '海景演示酒店',
    propertyCode: 'DEMO-HOTEL',
    address: '广东省深圳市南山区海岸路 1 号',
    propertyType: '1',
    contact: '王经理',
    contactPhone: '0086-13800000001',
    hotelManager: '王经理',
    hotelManagerPhone: '0086-13800000001',
    authState: 2,
  },
  {
    propertyName: '城市演示公寓',
    propertyCode: 'DEMO-APT',
    address: '广东省深圳市福田区中心路 8 号',
    propertyType: '2',
    contact: '王经理',
    contactPhone: '0086-13800000001',
    hotelManager: '王经理',
    hotelManagerPhone: '0086-13800000001',
    authState: 2,
  },
]

/**
 * The demo's charge items: name, default price in cents and finance subject (5051 other business income for goods and
 * services, 5301 non-operating income for damages and compensation).
 */
export const DEMO_CHARGE_ITEMS: Array<[name: string, priceCents: number, subjectCode: string]> = [
  ['迷你吧饮料', 1500, '5051'],
  ['迷你吧零食', 1000, '5051'],
  ['早餐', 3800, '5051'],
  ['洗衣', 2000, '5051'],
  ['加床', 10000, '5051'],
  ['停车', 3000, '5051'],
  ['物品损坏赔偿', 5000, '5301'],
]

export async function seedDemo(db: Db) {
  const password = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const roles = Object.fromEntries((await tx.select().from(role)).map((r) => [r.roleKey, r.roleId]))
    const [hotel, apartment] = await tx.insert(property).values(DEMO_PROPERTIES).returning()
    const [checkInFlag] = await tx
      .select()
      .from(propertyComp)
      .where(eq(propertyComp.component, 'PmsApartmentCheckIn'))
    if (checkInFlag)
      await tx.insert(propertyCompLink).values({ propertyId: apartment!.propertyId, compId: checkInFlag.id })

    const [admin, manager, clerk] = await tx
      .insert(user)
      .values([
        {
          userName: 'admin',
          nickName: '平台管理员',
          password,
          userType: UserType.platform,
          email: 'admin@demo.local',
        },
        {
          userName: 'manager',
          nickName: '王经理',
          password,
          userType: UserType.registered,
          phonenumber: '0086-13800000001',
          email: 'manager@demo.local',
          defaultPropertyId: hotel!.propertyId,
        },
        {
          userName: 'clerk',
          nickName: '前台小李',
          password,
          userType: UserType.registered,
          phonenumber: '0086-13800000002',
          email: 'clerk@demo.local',
          defaultPropertyId: hotel!.propertyId,
        },
      ])
      .returning()
    await tx.insert(userRole).values([
      { userId: admin!.userId, roleId: roles.admin! },
      { userId: manager!.userId, roleId: roles.common! },
      { userId: clerk!.userId, roleId: roles.common! },
    ])
    await tx.insert(propertyUser).values([
      {
        propertyId: apartment!.propertyId,
        userId: manager!.userId,
        roleId: roles.merchant_admin!,
        isAdmin: true,
      },
      {
        propertyId: hotel!.propertyId,
        userId: manager!.userId,
        roleId: roles.merchant_admin!,
        isAdmin: true,
      },
      { propertyId: hotel!.propertyId, userId: clerk!.userId, roleId: roles.front_desk! },
    ])
    await seedDemoRoomStock(tx as unknown as Db, hotel!.propertyId, apartment!.propertyId)
    await tx.insert(chargeItem).values(
      [hotel!, apartment!].flatMap((p) =>
        DEMO_CHARGE_ITEMS.map(([itemName, priceCents, subjectCode], i) => ({
          propertyId: p.propertyId,
          itemName,
          priceCents,
          subjectCode,
          sort: i + 1,
        })),
      ),
    )
  })
}
