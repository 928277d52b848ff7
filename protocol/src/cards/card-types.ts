// Card types, protocol categories, operation kinds and card states, with the values of SPEC §3 and §4.

/** Card types and their wire values (SPEC §3). Negative values are key cards used only while setting up. */
export const CardType = {
  CLIENT: 0,
  GUEST: 1,
  FLOOR: 2,
  BUILDING: 3,
  CHIEF: 5,
  INSTALL: 6,
  LOST: 7,
  UN_LOST: 8,
  TIME: 9,
  DATA: 10,
  CHECKOUT: 14,
  CLEAR: 16,
  STAFF: 17,
  LOCK_SETTING: 18,
  ELEVATOR: 20,
  JOIN_NET: 21,
  EXIT_NET: 22,
  PARA_SETTING: 23,
  CLEANER: 24,
  EMERGENCY: 25,
  VIR_CARD_NO: 26,
  VIP_AUTH: 40,
  SECTOR_KEY: 41,
  PRIVATE_KEY: -3,
  INIT_KEY: -2,
  NONE: -1,
} as const
export type CardTypeName = keyof typeof CardType
export type CardType = (typeof CardType)[CardTypeName]

const cardTypeNames = new Map<number, CardTypeName>(
  Object.entries(CardType).map(([name, value]) => [value, name as CardTypeName]),
)

/** The name of a card type value, or undefined for a value §3 does not list. */
export function cardTypeName(value: number): CardTypeName | undefined {
  return cardTypeNames.get(value)
}

export function isCardType(value: number): value is CardType {
  return cardTypeNames.has(value)
}

/** Card protocol categories (SPEC §3) with their older aliases. */
export const ProtocolCategory = {
  M157: 'M157',
  BLE_V2: 'BLE_V2',
  BLE_V3: 'BLE_V3',
  BLE_V3_CPU: 'BLE_V3_CPU',
  Z_M: 'Z-M',
} as const
export type ProtocolCategory = (typeof ProtocolCategory)[keyof typeof ProtocolCategory]

/** Alias names the older console and devices use for the same categories. */
export const ProtocolCategoryAlias = { T_M157: 'M157', H_BLE: 'BLE_V2' } as const satisfies Record<
  string,
  ProtocolCategory
>

/** The category named by a canonical name or an alias ('T_M157', 'H_BLE', 'BLE_V3 CPU'). */
export function parseProtocolCategory(text: string): ProtocolCategory | undefined {
  const t = text.trim().toUpperCase().replace(/\s+/g, '_')
  if (t in ProtocolCategoryAlias) return ProtocolCategoryAlias[t as keyof typeof ProtocolCategoryAlias]
  if (t === 'Z-M' || t === 'Z_M') return 'Z-M'
  return (Object.values(ProtocolCategory) as string[]).includes(t) ? (t as ProtocolCategory) : undefined
}

/** One byte naming the category inside our card layouts. */
export const ProtocolCategoryCode = {
  M157: 0x01,
  BLE_V2: 0x02,
  BLE_V3: 0x03,
  BLE_V3_CPU: 0x04,
  'Z-M': 0x05,
} as const satisfies Record<ProtocolCategory, number>

/** The categories written with our MIFARE Classic sector format. */
export const MIFARE_CATEGORIES = ['M157', 'Z-M'] as const
export type MifareCategory = (typeof MIFARE_CATEGORIES)[number]

/** Card operation kinds 0 to 7 (SPEC §3). Both 1 and 7 are recoveries, as the original lists them. */
export const CardOperation = {
  ISSUE_CARD: 0,
  RECOVERY: 1,
  ISSUING: 2,
  ENCRYPTION: 3,
  DECRYPTION: 4,
  INIT_ISSUER: 5,
  ENCRYPT_ISSUER: 6,
  RECOVERY_ISSUER: 7,
} as const
export type CardOperation = (typeof CardOperation)[keyof typeof CardOperation]

/** Card issuing states of a card record (SPEC §4). */
export const CardIssueState = {
  NOT_ISSUED: 0,
  ISSUED: 1,
  EXPIRED: 2,
  WAITING: 3,
} as const
export type CardIssueState = (typeof CardIssueState)[keyof typeof CardIssueState]

/** Guest lock authorization states (SPEC §4). */
export const GuestLockAuthState = {
  SUCCESS: 'success',
  FAILURE: 'failure',
  RENEWAL_FAILED: 'renewal-failed',
} as const
export type GuestLockAuthState = (typeof GuestLockAuthState)[keyof typeof GuestLockAuthState]

/** Which MIFARE key a reader authenticates with (the property's `authMode`). */
export const AuthMode = { KEY_A: 0, KEY_B: 1 } as const
export type AuthMode = (typeof AuthMode)[keyof typeof AuthMode]

/** Card flags, one bit each, in the payload's 16-bit flags field. */
export const CardFlag = {
  /** Accepting this card raises the lock's sequence for the room, so older guest cards are refused. */
  SUPERSEDE: 0x0001,
  /** Opens even when the deadbolt is thrown from inside. */
  DEADBOLT_OVERRIDE: 0x0002,
  /** The card may call the elevator to the floors in its bitmap. */
  ELEVATOR: 0x0004,
  /** A copy of a card already issued for the same stay. */
  DUPLICATE: 0x0008,
} as const
export type CardFlag = (typeof CardFlag)[keyof typeof CardFlag]
