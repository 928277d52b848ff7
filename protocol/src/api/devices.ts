/**
 * The device catalogue and the property's devices (SPEC §1 devices and catalogue, §3 Device, §8 device sync errors).
 *
 * Catalogue (platform administrators, user type 1; plain CRUD, under /prod-api):
 * - GET/POST/PUT/DELETE /device/dvc{Series|Colour|Material|Part|Category|Function|Protocol|Networking|Scene}…
 *   dictionaries: code (unique), name, labelKey (a language-pack key shown instead of the name when set), sort,
 *   state                                                                  device:dvc<Kind>:*
 * - GET/POST/PUT/DELETE /device/dvcModel…   models (rules of SPEC §5 below)  device:dvcModel:*
 *
 * The property's devices (property admin and technician; the clerk reads; property from the session):
 * - GET/POST/PUT/DELETE /device/dvcDevice…            devices (CRUD; code and MAC unique in the property)
 *                                                      device:dvcDevice:list|query|add|edit|remove
 * - GET  /device/dvcDevice/models                      → ModelOption[] (enabled models)    device:dvcDevice:list
 * - GET  /device/dvcDevice/tree                        → BindingTree                       device:dvcDevice:list
 * - POST /device/dvcDevice/bind     BindRequest        → DeviceView                        device:dvcDevice:bind
 * - POST /device/dvcDevice/unbind   {deviceId}         → DeviceView                        device:dvcDevice:bind
 * - POST /device/dvcDevice/replace  ReplaceLockRequest → DeviceView & {lockAuthTasks}     device:dvcDevice:bind
 * - POST /device/dvcDevice/syncLocks/propose  LockSyncProposeRequest → LockSyncProposal    device:dvcDevice:sync
 * - GET  /device/dvcDevice/portAccess                → {userId, propertyId}: the bridge asks before a port setting is
 *   saved or tested (bridge-devices.ts PortsView)                                          device:dvcDevice:port
 * - POST /device/dvcDevice/syncLocks/bind     LockSyncBindRequest → DeviceView[]          device:dvcDevice:sync
 * Guest lock authorisation (SPEC §4), console-mediated like card issuing: the server hands a task (the lock's MAC, its
 * key, the add-card or delete-card request), the console runs it on the bridge and reports the outcome:
 * - POST /device/dvcLockAuth/grant   LockAuthGrantRequest → LockAuthTask                  device:dvcLockAuth:grant
 * - POST /device/dvcLockAuth/renew   {orderRoomId}        → LockAuthTask[] (new stay end)  device:dvcLockAuth:grant
 * - POST /device/dvcLockAuth/revoke  {orderRoomId}        → LockAuthTask[] (check-out)     device:dvcLockAuth:grant
 * - POST /device/dvcLockAuth/pending {orderId}            → LockAuthTask[] still to run    device:dvcLockAuth:grant
 *   Check-out and a room change mark the keys on the room left as pending revocations in their own transaction; the
 *   console runs these tasks right after (and the order's cards tab shows any left pending).
 * - POST /device/dvcLockAuth/retry/{authId}                → LockAuthTask (failed op again)  device:dvcLockAuth:grant
 * - POST /device/dvcLockAuth/report/{authId} LockAuthReport → LockAuthView                device:dvcLockAuth:grant
 * - GET  /device/dvcLockAuth/list?orderId=|orderRoomId=    → rows of LockAuthView           device:dvcLockAuth:list
 * Binding QR codes (SPEC §2.1, §2.2 public pages /ygs/qrcode/hk and /ygs/qrcode/kk/gw with their print pages):
 * - POST /device/dvcQrcode/batch   QrBatchRequest → QrBatch (labels of a floor's rooms)    device:dvcDevice:bind
 * - GET  /device/dvcQrcode/batch/{batchId}        → QrBatch (public, until it expires)
 * - POST /device/dvcQrcode/verify  {payload}      → QrLabelClaim (public; 'Qr code is Invalid' otherwise)
 * Lock sync refusals (SPEC §8): no data source (the console, when the bridge or its adapter is missing), no model,
 * no building, a source that does not support lock sync.
 *
 * Model rules: 'The start year cannot be greater than the end year'; 'The model cannot be associated with itself';
 * every dictionary id must exist. `capabilities` is the flag set the bridge understands (DeviceCapability).
 */
import { BLE_LOCK_NAME_PREFIX } from '../ble/gatt.ts'

export const CATALOGUE_DICTIONARIES = [
  'series',
  'colour',
  'material',
  'part',
  'category',
  'function',
  'protocol',
  'networking',
  'scene',
] as const
export type CatalogueDictionary = (typeof CATALOGUE_DICTIONARIES)[number]

/** URL/permission stem of each dictionary: /device/dvcSeries, device:dvcSeries:list… */
export const DICTIONARY_STEM: Record<CatalogueDictionary, string> = {
  series: 'dvcSeries',
  colour: 'dvcColour',
  material: 'dvcMaterial',
  part: 'dvcPart',
  category: 'dvcCategory',
  function: 'dvcFunction',
  protocol: 'dvcProtocol',
  networking: 'dvcNetworking',
  scene: 'dvcScene',
}

export const dictionaryPermission = (kind: CatalogueDictionary) => `device:${DICTIONARY_STEM[kind]}`
export const dictionaryBase = (kind: CatalogueDictionary) => `/device/${DICTIONARY_STEM[kind]}`
export const ModelPermission = 'device:dvcModel'

/**
 * What a device of a model can do, as bits the bridge and the server agree on: a lock is bound to a room and opened by
 * cards; a gateway has locks behind it; an encoder writes cards, a reader reads them; lock sync means the model can
 * be found by a scan and bound without typing its MAC.
 */
export const DeviceCapability = {
  encodesCards: 1,
  lock: 2,
  gateway: 4,
  readsCards: 8,
  lockSync: 16,
} as const
export type DeviceCapabilityName = keyof typeof DeviceCapability
export const DEVICE_CAPABILITIES = Object.keys(DeviceCapability) as DeviceCapabilityName[]

/** The flag values of a bit set, in the order above. */
export function capabilityFlags(mask: number): number[] {
  return Object.values(DeviceCapability).filter((bit) => (mask & bit) !== 0)
}
export function capabilityMask(flags: readonly number[]): number {
  return flags.reduce((mask, bit) => mask | bit, 0)
}
export function hasCapability(mask: number, name: DeviceCapabilityName): boolean {
  return (mask & DeviceCapability[name]) !== 0
}

export interface CatalogueEntry {
  dictId: number
  code: string
  name: string
  labelKey: string
  sort: number
  state: '0' | '1'
  remark: string
}

export interface DeviceModel {
  modelId: number
  code: string
  name: string
  seriesId: number | null
  categoryId: number | null
  protocolId: number | null
  networkingId: number | null
  functionIds: number[]
  sceneIds: number[]
  partIds: number[]
  colourIds: number[]
  materialIds: number[]
  relatedIds: number[]
  startYear: number | null
  endYear: number | null
  /** Picture addresses, comma-separated (as the shop's productImages). */
  pictures: string
  /** DeviceCapability bits that are set. */
  capabilities: number[]
  state: '0' | '1'
  remark: string
}

/** Catalogue codes the bridge reports for the devices it finds (seeded in migration 0019). */
export const BLE_V3_LOCK_MODEL_CODE = 'PMSL-V3'

/** The catalogue code of a BLE lock from its advertised name: ours advertise 'PMSL-…'; others are unknown. */
export function bleLockModelCode(advertisedName: string | undefined): string | undefined {
  return advertisedName?.startsWith(BLE_LOCK_NAME_PREFIX) ? BLE_V3_LOCK_MODEL_CODE : undefined
}

export const DevicePermission = {
  list: 'device:dvcDevice:list',
  query: 'device:dvcDevice:query',
  add: 'device:dvcDevice:add',
  edit: 'device:dvcDevice:edit',
  remove: 'device:dvcDevice:remove',
  bind: 'device:dvcDevice:bind',
  sync: 'device:dvcDevice:sync',
  /** Port settings of the desk's encoders and card readers, on the bridge (bridge-devices.ts). */
  port: 'device:dvcDevice:port',
} as const
export const DEVICE_PERMISSION_PREFIX = 'device:dvcDevice'

export const DEVICE_KINDS = ['lock', 'gateway', 'encoder', 'reader', 'other'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]
export const DEVICE_STATES = ['online', 'offline', 'fault', 'disabled'] as const
export type DeviceState = (typeof DEVICE_STATES)[number]

/** What a device of a model with these capabilities is: a lock first, then gateway, encoder, reader. */
export function deviceKindOf(capabilities: number): DeviceKind {
  if (hasCapability(capabilities, 'lock')) return 'lock'
  if (hasCapability(capabilities, 'gateway')) return 'gateway'
  if (hasCapability(capabilities, 'encodesCards')) return 'encoder'
  if (hasCapability(capabilities, 'readsCards')) return 'reader'
  return 'other'
}

/** The place a device is bound to: at most one of these. A lock may besides be behind a gateway (gatewayId). */
export const PLACE_FIELDS = ['parkId', 'buildingId', 'floorId', 'roomId'] as const
export type PlaceField = (typeof PLACE_FIELDS)[number]

export interface DeviceView {
  deviceId: number
  propertyId: number
  code: string
  name: string
  modelId: number
  kind: DeviceKind
  state: DeviceState
  location: string
  hardwareVersion: string
  softwareVersion: string
  mac: string | null
  desk: string
  lastSeen: string | null
  parkId: number | null
  buildingId: number | null
  floorId: number | null
  roomId: number | null
  gatewayId: number | null
  remark: string
  /** Names the list answers beside the ids. */
  modelCode?: string
  modelName?: string
  roomNo?: string | null
  gatewayName?: string | null
}

export interface BindingRoom {
  roomId: number
  roomNo: string
  lock: DeviceView | null
}
export interface BindingTree {
  buildings: {
    buildingId: number
    buildingName: string
    floors: { floorId: number; floorName: string; rooms: BindingRoom[] }[]
  }[]
  gateways: (DeviceView & { locks: DeviceView[] })[]
  /** Encoders and readers by the desk they stand at ('' for none named). */
  desks: { desk: string; devices: DeviceView[] }[]
  /** Devices bound nowhere. */
  unbound: DeviceView[]
}

export interface BindRequest {
  deviceId: number
  parkId?: number
  buildingId?: number
  floorId?: number
  roomId?: number
  gatewayId?: number
  desk?: string
}

export interface ReplaceLockRequest {
  roomId: number
  /** The lock that takes the room over; the room's current lock is unbound. */
  deviceId: number
}

/** A lock a scan found: its MAC and the catalogue code of its model as the bridge reports it. */
export interface FoundLock {
  mac: string
  modelCode?: string
  name?: string
  rssi?: number
  /** The room the lock reports it is installed for, when it could be asked. */
  roomId?: number
}

export interface LockSyncProposeRequest {
  /** The gateway the locks are behind; none: the desk's own BLE adapter. */
  gatewayId?: number
  locks: FoundLock[]
}

export interface LockProposal {
  mac: string
  name?: string
  rssi?: number
  modelId: number
  modelCode: string
  modelName: string
  /** The device already recorded with this MAC, and where it is bound. */
  deviceId?: number
  roomId?: number
}

export interface LockSyncProposal {
  gatewayId?: number
  locks: LockProposal[]
  rooms: { roomId: number; roomNo: string; buildingName: string; floorName: string; lockId: number | null }[]
}

export interface LockSyncBindRequest {
  gatewayId?: number
  locks: { mac: string; modelId: number; roomId: number; name?: string }[]
}

export interface ModelOption {
  modelId: number
  code: string
  name: string
  capabilities: number[]
  kind: DeviceKind
}

export const LockAuthPermission = {
  list: 'device:dvcLockAuth:list',
  grant: 'device:dvcLockAuth:grant',
} as const

export const LOCK_AUTH_STATES = [
  'pending',
  'success',
  'failure',
  'renewalFailed',
  'revoked',
  'revokeFailed',
] as const
export type LockAuthState = (typeof LOCK_AUTH_STATES)[number]
export type LockAuthOperation = 'grant' | 'renew' | 'revoke'
export type LockKeyKind = 'card' | 'mobile'

/**
 * What an operation's report turns a pending authorisation into. A failed renewal is 'renewalFailed' (SPEC §4): the
 * guest's earlier validity still stands on the lock.
 */
export function settledState(operation: LockAuthOperation, succeeded: boolean): LockAuthState {
  switch (operation) {
    case 'grant':
      return succeeded ? 'success' : 'failure'
    case 'renew':
      return succeeded ? 'success' : 'renewalFailed'
    case 'revoke':
      return succeeded ? 'revoked' : 'revokeFailed'
  }
}

/** The operation a retry repeats, for each failed state. */
export const RETRY_OPERATION: Partial<Record<LockAuthState, LockAuthOperation>> = {
  failure: 'grant',
  renewalFailed: 'renew',
  revokeFailed: 'revoke',
}

export interface LockAuthGrantRequest {
  orderRoomId: number
  /** Card UID or mobile key id, hex. */
  uid: string
  keyKind?: LockKeyKind
}

/** One operation for the console to run on the bridge (POST /bridge/ble/locks/{mac}/add-card or delete-card). */
export interface LockAuthTask {
  authId: number
  operation: LockAuthOperation
  mac: string
  /** The lock's PRIVATE_KEY (32 hex), derived on the server for this lock only. */
  lockKey: string
  uid: string
  cardType: number
  validFrom: number
  validUntil: number
}

export interface LockAuthReport {
  ok: boolean
  /** Why it failed, as the bridge said it. */
  reason?: string
}

export interface LockAuthView {
  authId: number
  orderRoomId: number
  roomId: number
  roomNo?: string
  deviceId: number | null
  mac: string
  keyKind: LockKeyKind
  keyUid: string
  validFrom: number
  validUntil: number
  operation: LockAuthOperation
  state: LockAuthState
  reason: string
  attempts: number
  updateTime: string
}

/** hk: a video-surveillance device; gw: a guest-control gateway. */
export const QR_KINDS = ['hk', 'gw'] as const
export type QrKind = (typeof QR_KINDS)[number]
/** How long printed binding labels stay valid. */
export const QR_LABEL_VALIDITY_DAYS = 30

export interface QrBatchRequest {
  kind: QrKind
  floorId: number
}
export interface QrLabel {
  roomId: number
  roomNo: string
  /** What the QR code holds: base64url(JSON claim) + '.' + base64url(HMAC-SHA256). */
  payload: string
}
export interface QrBatch {
  batchId: string
  kind: QrKind
  title: string
  expiresAt: string
  labels: QrLabel[]
}
export interface QrLabelClaim {
  kind: QrKind
  propertyId: number
  roomId: number
  roomNo: string
  /** Unix seconds. */
  expiresAt: number
}
