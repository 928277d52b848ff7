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
