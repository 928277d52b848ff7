// Strings of the administration screens (issue 17): users, roles, menus, dictionaries, config, languages, records;
// and the server messages of the user bindings.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  // Users: server messages.
  [
    'user.bindPlatform',
    '平台用户不绑定门店',
    '平台用戶不綁定門店',
    'A platform user is not bound to properties',
  ],
  ['user.bindDuplicate', '同一门店只能绑定一次', '同一門店只能綁定一次', 'A property can be bound only once'],
  ['user.bindPropertyUnknown', '门店不存在', '門店不存在', 'The property does not exist'],
  [
    'user.defaultUnbound',
    '默认门店必须是已绑定的门店',
    '預設門店必須是已綁定的門店',
    'The default property must be one of the bound properties',
  ],
  [
    'user.adminSelf',
    '不能设置或取消自己的管理员身份',
    '不能設定或取消自己的管理員身份',
    'You cannot set or cancel your own admin status',
  ],
  ['user.groupUnknown', '楼栋分组不存在', '樓棟分組不存在', 'The building group does not exist'],
  // Users screen.
  ['adminConsole.user.userName', '用户账号', '用戶賬號', 'Account'],
  ['adminConsole.user.nickName', '用户昵称', '用戶暱稱', 'Name'],
  ['adminConsole.user.password', '密码', '密碼', 'Password'],
  ['adminConsole.user.newPassword', '新密码', '新密碼', 'New password'],
  ['adminConsole.user.passwordOf', '密码', '密碼', 'password'],
  ['adminConsole.user.userType', '用户类型', '用戶類型', 'User type'],
  ['adminConsole.user.phonenumber', '手机号码', '手機號碼', 'Phone'],
  [
    'adminConsole.user.phoneHint',
    '区号-号码，如 0086-13800000000',
    '區號-號碼，如 0086-13800000000',
    'Area code-number, e.g. 0086-13800000000',
  ],
  ['adminConsole.user.email', '邮箱', '郵箱', 'Email'],
  ['adminConsole.user.sex', '性别', '性別', 'Gender'],
  ['adminConsole.user.status', '状态', '狀態', 'Status'],
  ['adminConsole.user.roles', '角色', '角色', 'Roles'],
  ['adminConsole.user.role', '角色', '角色', 'Role'],
  ['adminConsole.user.remark', '备注', '備註', 'Remark'],
  ['adminConsole.user.createTime', '创建时间', '建立時間', 'Created'],
  ['adminConsole.user.properties', '所属门店', '所屬門店', 'Properties'],
  ['adminConsole.user.property', '门店', '門店', 'Property'],
  ['adminConsole.user.default', '默认', '預設', 'Default'],
  ['adminConsole.user.admin', '管理员', '管理員', 'Admin'],
  ['adminConsole.user.resetPwd', '重置密码', '重設密碼', 'Reset password'],
  ['adminConsole.user.disable', '停用', '停用', 'Disable'],
  ['adminConsole.user.enable', '启用', '啟用', 'Enable'],
  [
    'adminConsole.user.confirmDisable',
    '确认停用用户"{0}"吗？',
    '確認停用用戶「{0}」嗎？',
    'Disable the user "{0}"?',
  ],
  [
    'adminConsole.user.confirmEnable',
    '确认启用用户"{0}"吗？',
    '確認啟用用戶「{0}」嗎？',
    'Enable the user "{0}"?',
  ],
  ['adminConsole.user.bindProperties', '绑定门店', '綁定門店', 'Properties'],
  ['adminConsole.user.propertiesOf', '{0} 的门店', '{0} 的門店', 'Properties of {0}'],
  ['adminConsole.user.addBinding', '添加门店', '添加門店', 'Add property'],
  ['adminConsole.user.noBindings', '尚未绑定门店', '尚未綁定門店', 'Not bound to any property'],
  ['adminConsole.user.setAdmin', '设为管理员', '設為管理員', 'Set as admin'],
  ['adminConsole.user.cancelAdmin', '取消管理员', '取消管理員', 'Cancel admin'],
  [
    'adminConsole.user.confirmSetAdmin',
    '确认将"{0}"设为本门店管理员吗？',
    '確認將「{0}」設為本門店管理員嗎？',
    'Make "{0}" an administrator of this property?',
  ],
  [
    'adminConsole.user.confirmCancelAdmin',
    '确认取消"{0}"的管理员身份吗？',
    '確認取消「{0}」的管理員身份嗎？',
    'Cancel the admin status of "{0}"?',
  ],
  ['adminConsole.user.buildingGroups', '楼栋分组', '樓棟分組', 'Building groups'],
  ['adminConsole.user.groupsOf', '{0} 的楼栋分组', '{0} 的樓棟分組', 'Building groups of {0}'],
  [
    'adminConsole.user.noGroups',
    '本门店还没有楼栋分组',
    '本門店還沒有樓棟分組',
    'This property has no building groups yet',
  ],
  ['adminConsole.user.clearGroups', '全部移除', '全部移除', 'Remove from all'],
  ['adminConsole.userType.1', '平台用户', '平台用戶', 'Platform user'],
  ['adminConsole.userType.2', '门店员工', '門店員工', 'Property staff'],
  ['adminConsole.sex.0', '男', '男', 'Male'],
  ['adminConsole.sex.1', '女', '女', 'Female'],
  ['adminConsole.sex.2', '未知', '未知', 'Unknown'],
  // Roles screen.
  ['adminConsole.role.roleName', '角色名称', '角色名稱', 'Role name'],
  ['adminConsole.role.roleKey', '权限字符', '權限字元', 'Role key'],
  ['adminConsole.role.roleType', '角色类型', '角色類型', 'Role type'],
  ['adminConsole.role.roleSort', '显示顺序', '顯示順序', 'Order'],
  ['adminConsole.role.status', '状态', '狀態', 'Status'],
  ['adminConsole.role.remark', '备注', '備註', 'Remark'],
  ['adminConsole.role.builtIn', '内置', '內置', 'Built-in'],
  ['adminConsole.role.permissions', '菜单权限', '選單權限', 'Menus and permissions'],
  [
    'adminConsole.role.superAll',
    '超级管理员拥有全部权限，无需分配',
    '超級管理員擁有全部權限，無需分配',
    'The super administrator holds every permission; nothing to assign',
  ],
  [
    'adminConsole.role.confirmDisable',
    '确认停用角色"{0}"吗？',
    '確認停用角色「{0}」嗎？',
    'Disable the role "{0}"?',
  ],
  [
    'adminConsole.role.confirmEnable',
    '确认启用角色"{0}"吗？',
    '確認啟用角色「{0}」嗎？',
    'Enable the role "{0}"?',
  ],
  ['adminConsole.roleType.1', '平台角色', '平台角色', 'Platform role'],
  ['adminConsole.roleType.2', '门店角色', '門店角色', 'Property role'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
