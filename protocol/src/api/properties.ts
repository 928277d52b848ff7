// Contract of property administration (SPEC §3 Property, Property custom params; §4 authorisation; §5; §7 Properties,
// Property custom params): what the server answers and what the console sends. All money is integer cents.

import { MEMBER_SETTINGS_DEFAULTS, type MemberSettings } from '../members/ledger.ts'
import { DEFAULT_TIME_ZONE } from '../time/zone.ts'
import type { PageQuery } from './envelope.ts'

/** Authorisation of a property (SPEC §4). The owner applies from unauthorized or refused; a platform admin reviews. */
export const PropertyAuthState = {
  unauthorized: '0',
  toBeReviewed: '1',
  authorized: '2',
  refused: '3',
} as const
export type PropertyAuthState = (typeof PropertyAuthState)[keyof typeof PropertyAuthState]

/** States from which the owner may (re)apply, and the review outcomes a platform admin may choose. */
export const PROPERTY_APPLY_FROM: readonly PropertyAuthState[] = [
  PropertyAuthState.unauthorized,
  PropertyAuthState.refused,
]
export type PropertyReviewOutcome = typeof PropertyAuthState.authorized | typeof PropertyAuthState.refused

/** Online visibility (PUT /pms/pmsProperty/show/{id}/{flag}): '0' shown (default), '1' hidden from online listings. */
export const PropertyShowFlag = { shown: '0', hidden: '1' } as const
export type PropertyShowFlag = (typeof PropertyShowFlag)[keyof typeof PropertyShowFlag]

/** SPEC §9: a property code holds at most 50 characters, after every space is removed. */
export const PROPERTY_CODE_MAX = 50
/** Photos one property may hold. */
export const PROPERTY_PHOTO_MAX = 10

/** A property photo (pms_file). `filePath` is served under /prod-api/files/property/… */
export interface PropertyFile {
  fileId: number
  propertyId: number
  filePath: string
  sort: number
}

/** A property as every list and read returns it (SPEC §3). */
export interface PropertyView {
  propertyId: number
  propertyName: string
  /** The stored code, or the fallback prefix + id zero-padded to 10 digits when none is stored. */
  propertyCode: string
  /** True when `propertyCode` is the derived fallback (no code stored). */
  propertyCodeDerived: boolean
  address: string
  contact: string
  contactPhone: string
  hotelManager: string
  hotelManagerPhone: string
  /** Values of dictionary pms_property_type. */
  propertyTypes: string[]
  /** Their labels, in the same order. */
  types: string[]
  /** Components of type 99 the property has (e.g. PmsApartmentCheckIn). */
  flags: string[]
  fileList: PropertyFile[]
  authState: PropertyAuthState
  /** The reviewer's remark of the last review (the refusal reason), '' when none. */
  authRemark: string
  showFlag: PropertyShowFlag
  createBy: number | null
  createTime: string
}

/** What platform admins read (listByAdmin, listAllByAdmin, GET /{id} as type 1): adds the masked open key. */
export interface PropertyAdminView extends PropertyView {
  /** Only the last 4 characters are shown, e.g. '************3f9a'. */
  openKey: string
}

/** A user bound to a property (list helper of listAllByAdminOrCreator). */
export interface PropertyUserBrief {
  userId: number
  userName: string
  nickName: string
  /** True for the property's administrator. */
  admin: boolean
}

/** An item of GET /pms/pmsProperty/listAllByAdminOrCreator: list-helper fields the console's collapse panel uses. */
export interface PropertyWithUsers extends PropertyView {
  users: PropertyUserBrief[]
  usersLoading: false
  activeNames: string[]
}

/** Query of GET /pms/pmsProperty/list and /listByAdmin (contains matches; authState exact). */
export interface PropertyListQuery extends PageQuery {
  propertyName?: string
  propertyCode?: string
  address?: string
  authState?: PropertyAuthState
}

/** Writable fields of a property. On create `propertyName` is required; on edit everything is optional. */
export interface PropertyFields {
  propertyName: string
  /** Spaces are removed; at most 50 characters; unique. Empty or absent: none stored (the fallback is shown). */
  propertyCode?: string
  address?: string
  propertyTypes?: string[]
  contact?: string
  contactPhone?: string
  hotelManager?: string
  hotelManagerPhone?: string
}

/** POST /pms/pmsProperty: a property admin (type 2) creates a property and becomes its admin. */
export type PropertyAddBody = PropertyFields

/** POST /pms/pmsProperty/addByAdmin (type 1): `adminUserId`, when given, names the type-2 user bound as its admin. */
export interface PropertyAddByAdminBody extends PropertyFields {
  adminUserId?: number
}

/** POST /pms/pmsProperty/addByCompany: contact/contactPhone are copied from hotelManager/hotelManagerPhone. */
export interface PropertyAddByCompanyBody extends Omit<PropertyFields, 'contact' | 'contactPhone'> {
  hotelManager: string
  hotelManagerPhone: string
}

/** PUT /pms/pmsProperty and PUT /pms/pmsProperty/editByAdmin. */
export interface PropertyEditBody extends Partial<PropertyFields> {
  propertyId: number
}

/** PUT /pms/pmsProperty/updatePropertyName. */
export interface PropertyNameBody {
  propertyId: number
  propertyName: string
}

/** PUT /pms/pmsProperty/review/{id} (platform admins): a refusal needs a remark. */
export interface PropertyReviewBody {
  authState: PropertyReviewOutcome
  remark?: string
}

// ---- API secret keys (SPEC §7, §9) ----

/** Validity of a code from createPmsApiSecretKeyCode (SPEC §9). */
export const API_SECRET_CODE_VALID_MS = 600_000

/** data of GET /pms/pmsProperty/createPmsApiSecretKeyCode/{id}: a numeric code and when it was made (ms epoch). */
export interface ApiSecretKeyCode {
  /** Digits; show it with formatSecretKeyCode (protocol/properties/secret-key.ts). */
  code: string
  timeStamp: number
}

/**
 * data of GET /pms/pmsApi/getPmsApiSecretKey/{id}/{code}: the property's API secret sealed with AES-256-GCM under
 * key = SHA-256(normalised code); decrypt with decryptApiSecret (protocol/properties/secret-key.ts).
 */
export interface EncryptedApiSecret {
  /** base64 of ciphertext followed by the 16-byte GCM tag (what WebCrypto's encrypt returns). */
  cipher: string
  /** base64 of the 12-byte IV. */
  iv: string
}

/** data of GET /pms/pmsProperty/refreshPmsPropertyDeviceApiSecretKey: the rotation happened; the secret is not sent. */
export interface ApiSecretRotated {
  propertyId: number
  /** Counts rotations; 1 for the first secret. */
  secretVersion: number
  updateTime: string
}

// ---- Device configuration (GET/POST /device/dvcHtPropertyConfig) ----

/** Where the lock list of a property comes from: none, entered here, or synced from the lock vendor's cloud. */
export const LockDataSource = { none: 'none', local: 'local', vendorCloud: 'vendorCloud' } as const
export type LockDataSource = (typeof LockDataSource)[keyof typeof LockDataSource]

export interface DeviceConfig {
  propertyId: number
  dataSource: LockDataSource
  /** Lock model name, '' when not chosen. */
  lockModel: string
  /** Push room/building names to the lock system when they change. */
  syncRooms: boolean
  /** Authorise the room lock on check-in and revoke it on check-out. */
  syncCheckIn: boolean
  /** Sync interval for the lock list, in minutes (1..1440). */
  syncIntervalMinutes: number
  /** null until first saved (the defaults are shown). */
  updateTime: string | null
}

/** POST /device/dvcHtPropertyConfig body. */
export type DeviceConfigBody = Omit<DeviceConfig, 'updateTime'>

// ---- Property configuration (GET /pms/pmsProperty/propertyConfig/{id}, PUT /pms/pmsProperty/propertyConfig) ----

export const CheckOutMode = { fixed: 'fixed', hours24: '24h' } as const
export type CheckOutMode = (typeof CheckOutMode)[keyof typeof CheckOutMode]

/** Overtime charged by the hour after a grace period, up to a cap (0 cap: no cap). */
export interface OvertimeHourly {
  mode: 'hourly'
  graceMinutes: number
  hourlyCents: number
  capCents: number
}

/** A one-off starting fee once the guest is more than `afterMinutes` late. */
export interface OvertimeStartingFee {
  mode: 'startingFee'
  afterMinutes: number
  feeCents: number
}

export type OvertimeRule = OvertimeHourly | OvertimeStartingFee

/** N points per M currency units spent. */
export interface PointsRule {
  points: number
  per: number
}

export interface MerchantSettings {
  merchantName: string
  merchantNo: string
  /** Tax registration number printed on receipts. */
  taxNo: string
}

export interface PropertyConfig {
  propertyId: number
  latitude: number | null
  longitude: number | null
  introduction: string
  /** Daily check-out time 'HH:mm' (fixed mode). */
  checkOutTime: string
  /** Hour-room unit time, minutes. */
  hourUnitMinutes: number
  checkOutMode: CheckOutMode
  overtime: OvertimeRule
  /** Once the guest is this many minutes late, a full day is charged instead (null: never). */
  fullDayAfterMinutes: number | null
  points: PointsRule
  /** Member stored value and points settings (members/ledger.ts MemberSettings). */
  members: MemberSettings
  /** Most rooms shown to online bookers. */
  maxOnlineRooms: number
  onlineBooking: boolean
  merchant: MerchantSettings
  /** Longest stay a reservation or check-in may ask for, in nights (1 to 365; raise it for long stays). */
  maxNights: number
  /** Rooms per room type and night that may be booked beyond the rooms for sale (0: never overbook). */
  overbookRooms: number
  /** IANA time zone of the property: its days (business date, arrivals, receipts) and clock times are read in it. */
  timeZone: string
  /** 'HH:mm' in the property's zone when the scheduler runs the night audit ('' : only by hand). */
  nightAuditTime: string
  /** What the automatic night audit does with reservations due and not checked in: mark no-show, or keep them. */
  noShowRule: 'noShow' | 'keep'
  /** What the night audit does with cashier shifts still open: close them (counted as expected), or wait. */
  openShiftRule: 'close' | 'block'
  /** When on, a cashier without an open shift is refused deposits, payments and refunds at the desk. */
  requireShift: boolean
  /** Which out-of-order rooms the reports deduct from available room-nights (protocol/src/reports/kpi.ts). */
  availabilityRule: 'deductOutOfOrder' | 'usali'
  /** null until first saved (the defaults are shown). */
  updateTime: string | null
}

/** PUT /pms/pmsProperty/propertyConfig body: propertyId plus any fields to change. */
export type PropertyConfigBody = { propertyId: number } & Partial<
  Omit<PropertyConfig, 'propertyId' | 'updateTime' | 'members'>
> & { members?: Partial<MemberSettings> }

/** What a property that never saved its configuration gets. */
export const PROPERTY_CONFIG_DEFAULTS: Omit<PropertyConfig, 'propertyId' | 'updateTime'> = {
  latitude: null,
  longitude: null,
  introduction: '',
  checkOutTime: '12:00',
  hourUnitMinutes: 60,
  checkOutMode: CheckOutMode.fixed,
  overtime: { mode: 'hourly', graceMinutes: 30, hourlyCents: 0, capCents: 0 },
  fullDayAfterMinutes: 360,
  points: { points: 1, per: 1 },
  members: MEMBER_SETTINGS_DEFAULTS,
  maxOnlineRooms: 10,
  onlineBooking: false,
  merchant: { merchantName: '', merchantNo: '', taxNo: '' },
  maxNights: 90,
  overbookRooms: 0,
  timeZone: DEFAULT_TIME_ZONE,
  nightAuditTime: '04:00',
  noShowRule: 'noShow',
  openShiftRule: 'block',
  requireShift: false,
  availabilityRule: 'deductOutOfOrder',
}

/** The longest stay a property may allow (PropertyConfig.maxNights). */
export const MAX_STAY_NIGHTS = 365

/** What a property that never saved its device configuration gets. */
export const DEVICE_CONFIG_DEFAULTS: Omit<DeviceConfig, 'propertyId' | 'updateTime'> = {
  dataSource: LockDataSource.none,
  lockModel: '',
  syncRooms: false,
  syncCheckIn: false,
  syncIntervalMinutes: 60,
}

// ---- Property custom params (SPEC §3, §5, §7) ----

/** A custom params record; `disposition` is a JSON string (a params object or labelled groups). */
export interface PropertyCustomParams {
  propertyId: number
  type: string
  disposition: string
  updateTime: string
}

export interface PropertyCustomParamsQuery extends PageQuery {
  propertyId?: number
  type?: string
}

/** POST /pms/pmsPropertyCustomParams: saves (insert or replace) the record of (propertyId, type). */
export interface PropertyCustomParamsBody {
  propertyId: number
  type: string
  disposition: string
}

/** Permission strings of property administration (SPEC §6 forms). */
export const PropertyPermission = {
  list: 'pms:pmsProperty:list',
  query: 'pms:pmsProperty:query',
  add: 'pms:pmsProperty:add',
  edit: 'pms:pmsProperty:edit',
  remove: 'pms:pmsProperty:remove',
  /** Platform admins: admin lists, addByAdmin, editByAdmin, review. */
  review: 'pms:pmsProperty:review',
  /** Property configuration, device configuration, API secret keys, photos. */
  config: 'pms:pmsProperty:config',
  customParamsList: 'pms:pmsPropertyCustomParams:list',
  customParamsQuery: 'pms:pmsPropertyCustomParams:query',
  customParamsEdit: 'pms:pmsPropertyCustomParams:edit',
  customParamsRemove: 'pms:pmsPropertyCustomParams:remove',
} as const
