// Contract of the system-core and notification calls (SPEC §3, §7): what the server answers, what the console reads.

/** Dictionary data (SPEC §3). `dictValue` is sent as stored, a string; the console converts numeric strings. */
export interface DictData {
  dictCode: number
  dictSort: number
  dictLabel: string
  dictValue: string
  dictType: string
  cssClass: string
  listClass: string
  isDefault: 'Y' | 'N'
  status: '0' | '1'
  remark: string
}

export interface DictType {
  dictId: number
  dictName: string
  dictType: string
  status: '0' | '1'
  remark: string
}

/** A system config record (SPEC §3): a key-value pair; configType 'Y' marks a built-in one. */
export interface SysConfig {
  configId: number
  configName: string
  configKey: string
  configValue: string
  configType: 'Y' | 'N'
  remark: string
}

/** Config keys anyone may read through GET /system/config/configKey/{key}, signed in or not. */
export const PUBLIC_CONFIG_KEYS = {
  prefixes: ['sys.privacy.'],
  keys: ['sys.account.captchaEnabled'],
} as const
export function isPublicConfigKey(key: string): boolean {
  return (
    PUBLIC_CONFIG_KEYS.keys.some((k) => k === key) ||
    PUBLIC_CONFIG_KEYS.prefixes.some((p) => key.startsWith(p))
  )
}

/** A language option of the console's language switch (SPEC §3). */
export interface LanguageOption {
  name: string
  code: string
}

/** One server-side string (GET /system/sysLanguage/web items). */
export interface LanguageItem {
  languageKey: string
  content: string
}

/** GET /system/sysLanguage/web data: single-key objects, language code → its items (SPEC §7). */
export type LanguagePackData = Array<Record<string, LanguageItem[]>>

/** POST /system/sysLanguage/writeLanguage body: upserts every entry of one language in one transaction. */
export interface WriteLanguageBody {
  languageCode: string
  entries: Record<string, string>
}

/** A property component (SPEC §3): a feature tab (compType 0: card issuing tabs) or a property flag (99). */
export interface PropertyComponent {
  id?: number
  component: string
  tabName: string
  compType: number
  perms?: string | null
}

/** Push record types the server publishes; 'order' counts as ordersUnRead. */
export const PushRecordType = { order: 'order', roomStatus: 'roomStatus', system: 'system' } as const
export type PushRecordType = (typeof PushRecordType)[keyof typeof PushRecordType]

/**
 * A text kept as its language-pack key and parameters, so each reader sees it in its own language. A parameter is a
 * value, '@some.key' (itself translated) or another message (translated first, then put in place).
 */
export interface PackMessage {
  key: string
  params?: PackParam[]
}
export type PackParam = string | number | PackMessage

/** A notification of SPEC §2.5, also the payload published on <prefix>/push_record/{propertyId}. */
export interface PushRecord {
  recordId: number
  propertyId: number
  recordType: string
  /** The title in the reader's language when listed; the default language when published live (see `title`). */
  recordTitle: string
  /** The body as text, or for room-status records the chart's data (JSON, see RoomStatusPush). */
  recordBody: string
  /** What the title says, for the reader's language; absent on records stored before messages were kept. */
  title?: PackMessage
  /** What the body says, for the reader's language; absent when the body is data or plain text. */
  body?: PackMessage
  /** '0' unread, '1' read. */
  state: '0' | '1'
  /** `yyyy-MM-dd HH:mm:ss`, server local time. */
  createTime: string
}

export interface PushUnreadCount {
  ordersUnRead: number
  totalUnRead: number
}

/** A user as the users screen lists it (GET /system/user/list rows). */
export interface SysUserView {
  userId: number
  userName: string
  nickName: string
  email: string | null
  phonenumber: string | null
  sex: '0' | '1' | '2'
  status: '0' | '1'
  userType: 1 | 2
  defaultPropertyId: number
  remark: string
  createTime: string
  /** Platform callers: the properties a staff account is bound to. */
  propertyNames?: string[]
  /** Property administrators: the role and admin flag in their property. */
  roleId?: number | null
  isAdmin?: boolean
}

/** A role the caller may hand out (GET /system/user/roleOptions). */
export interface RoleOption {
  roleId: number
  roleKey: string
  roleName: string
  roleType: number
}

/** A staff account's properties (GET /system/user/{id}/properties, PUT /system/user/properties). */
export interface UserPropertyBinding {
  propertyId: number
  propertyName?: string
  roleId: number | null
  isAdmin?: boolean
}
export interface UserProperties {
  userId: number
  defaultPropertyId: number
  bindings: UserPropertyBinding[]
}

/** Permission strings of the users screen (SPEC §6: system:user:add, system:user:edit). */
export const UserPermission = {
  prefix: 'system:user',
  resetPwd: 'system:user:resetPwd',
  edit: 'system:user:edit',
  query: 'system:user:query',
} as const

/** A role (SPEC §3 User management roles, §6): roleType 1 platform, 2 property. */
export interface RoleView {
  roleId: number
  roleKey: string
  roleName: string
  roleType: 1 | 2
  roleSort: number
  status: '0' | '1'
  remark: string
  createTime: string
}

/** A node of the menu/permission tree (GET /system/menu/treeselect); `label` is a language-pack key. */
export interface MenuTreeNode {
  id: number
  label: string
  children?: MenuTreeNode[]
}

/** The seeded roles the code relies on (SPEC §6): never deleted, their keys never changed (server/src/seed/base.ts). */
export const SEEDED_ROLE_KEYS = [
  'admin',
  'sys_admin',
  'common',
  'sys_mch_admin',
  'merchant_admin',
  'front_desk',
  'finance',
] as const

/** Platforms an app version is published for (issue 17); 'bridge' is pms-bridge itself. */
export const APP_PLATFORMS = ['android', 'ios', 'windows', 'linux', 'bridge'] as const
export type AppPlatform = (typeof APP_PLATFORMS)[number]

/** A published app version (GET /system/appVersion/list rows). */
export interface AppVersionView {
  versionId: number
  platform: AppPlatform
  appId: string
  versionCode: number
  versionName: string
  packageName: string
  downloadUrl: string
  fileName: string
  filePath: string
  fileSize: number
  releaseNotes: string
  forceUpdate: boolean
  createTime: string
}

/** The latest version of an app for a platform (public GET /system/appVersion/latest/{platform}/{appId}). */
export interface LatestAppVersion extends Omit<AppVersionView, 'filePath'> {
  /** Where to fetch the package: the uploaded file's download path, or the published address. */
  href: string
}
