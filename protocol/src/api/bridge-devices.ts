// The bridge's device API contract (/bridge/*, /bridge/ws): every request, response and websocket message.

import type { LockRecord, LockStatusReport } from '../ble/lock-commands.ts'
import type { CardFields } from '../cards/card-fields.ts'
import type { LockEffect, RefusalReason } from '../cards/lock-policy.ts'
import type { CardGrant } from './card-issue.ts'
import { DevicePermission } from './devices.ts'

export type BridgeDeviceKind = 'pn532-serial' | 'hid-encoder' | 'ble-lock'
export type BridgeDeviceState = 'unavailable' | 'closed' | 'opening' | 'ready' | 'busy' | 'error'
export type BridgeKeyType = 'A' | 'B'

/** A device error as the API sends it: the code for programs, the key + params the message was made from. */
export interface BridgeDeviceError {
  code: string
  messageKey: string
  params: Record<string, string | number>
}

export interface BridgeDeviceStatus {
  id: string
  kind: BridgeDeviceKind
  state: BridgeDeviceState
  /** Why it is unavailable or in error, translated. */
  reason?: BridgeDeviceError & { text: string }
  operation?: string
  queued: number
  path?: string
  info?: Record<string, string | number | boolean>
  simulated: boolean
}

export interface BridgeKindStatus {
  kind: BridgeDeviceKind
  available: boolean
  reason?: BridgeDeviceError & { text: string }
}

/** The latest published pms-bridge (platform 'bridge', app id 'pms-bridge') against the running one. */
export interface BridgeUpdate {
  /** The latest published version's name (e.g. 0.2.0) and where to fetch its package. */
  latestVersion: string
  href: string
  /** True when the latest published version is newer than the running one. */
  updateAvailable: boolean
}

export type BridgeMode = 'embedded' | 'proxy'

/** data of GET /bridge/health. */
export interface BridgeHealth {
  version: string
  uptimeSeconds: number
  /** 'upstream' in proxy mode: the database belongs to the central server. */
  database: 'ok' | 'down' | 'upstream'
  /** 'upstream' when /mqtt is relayed to another broker (or there is none here). */
  broker: 'ok' | 'down' | 'upstream'
  mode: BridgeMode
  /** null when no pms-bridge is published. */
  update: BridgeUpdate | null
}

/** data of GET /bridge/devices. */
export interface BridgeDevicesView {
  simulate: boolean
  devices: BridgeDeviceStatus[]
  kinds: BridgeKindStatus[]
}

/** A key given to open a sector: 12 hex digits. */
export interface BridgeSectorKey {
  sector: number
  keyType: BridgeKeyType
  key: string
}

/** Body of POST /bridge/card/read. Without keys: UID and type (plus decoded fields for the simulator's demo property). */
export interface CardReadRequest {
  deviceId?: string
  /** Sectors to read raw, each with the key that opens it. */
  sectors?: BridgeSectorKey[]
}

export type CardDecoded = { ok: true; fields: CardFields } | { ok: false; reason: string }

/** data of POST /bridge/card/read. */
export interface CardReadResult {
  deviceId: string
  uid: string
  /** 'mifare-classic-1k', or 'sak-xx'. */
  type: string
  sak: number
  atqa: string
  /** Raw blocks (hex) of each sector read, 4 per sector, trailers as the card reads them back. */
  sectors: { sector: number; blocks: string[] }[]
  /** Present only when the bridge can decode: the simulator's demo property. */
  decoded?: CardDecoded
}

/** Body of POST /bridge/card/issue: the server's grant and the card record it belongs to. */
export interface CardIssueOnDeviceRequest {
  recordId: number
  grant: CardGrant
  deviceId?: string
  /** Extra keys the card may hold now (a card issued under an older secret), tried after the transport key and the grant's key B. */
  currentKeys?: { keyType: BridgeKeyType; key: string }[]
}

/** data of POST /bridge/card/issue. */
export interface CardIssueOnDeviceResult {
  recordId: number
  deviceId: string
  uid: string
  sectors: number[]
  verified: true
  ms: number
}

/** Body of POST /bridge/card/erase: back to transport keys. `keys` are the keys the card may hold besides FFFFFFFFFFFF. */
export interface CardEraseRequest {
  deviceId?: string
  keys?: { keyType: BridgeKeyType; key: string }[]
  /** Sectors to erase; all 16 by default. */
  sectors?: number[]
}

export interface CardEraseResult {
  deviceId: string
  uid: string
  sectors: number[]
}

/** Body of POST /bridge/card/write: one data block (0–2; never a trailer, never sector 0's manufacturer block). */
export interface CardWriteRequest {
  deviceId?: string
  sector: number
  block: number
  keyType: BridgeKeyType
  /** The key that opens the sector, 12 hex digits. */
  key: string
  /** The 16 bytes to write, 32 hex digits. */
  data: string
}

/** data of POST /bridge/card/write: the block as read back after the write. */
export interface CardWriteResult {
  deviceId: string
  uid: string
  sector: number
  block: number
  data: string
  verified: true
}

/** The test card's block (sector 1, block 0): ASCII "PMS TEST CARD v1". */
export const TEST_CARD_SECTOR = 1
export const TEST_CARD_BLOCK = 0
export const TEST_CARD_PATTERN = '504D5320544553542043415244207631'

/** Body of POST /bridge/card/test: the key that opens sector 1, the transport key A FFFFFFFFFFFF by default. */
export interface CardTestRequest {
  deviceId?: string
  keyType?: BridgeKeyType
  key?: string
}

/** data of POST /bridge/card/test. */
export interface CardTestResult {
  deviceId: string
  uid: string
  verified: true
  block: { sector: number; block: number; data: string }
}

export interface BeepRequest {
  deviceId?: string
}

export interface BeepResultView {
  deviceId: string
  result: 'beeped' | 'unsupported'
  text: string
}

/** Body of every BLE lock call: the lock's key (hex, from the server) unless the bridge already knows it. */
export interface BleLockRequest {
  /** PRIVATE_KEY of an initialised lock (32 hex). Omitted: the bridge's own key book (simulated demo locks), else INIT_KEY. */
  lockKey?: string
}

export interface BleScanRequest {
  durationMs?: number
}

export interface BleScanResult {
  /** modelCode: the catalogue code of the lock's model, from its advertisement (api/devices bleLockModelCode). */
  locks: { mac: string; name?: string; rssi?: number; roomNo?: string; modelCode?: string }[]
}

export type BleLockStatusView = LockStatusReport & { mac: string }

export interface BleUnlockRequest extends BleLockRequest {
  /** Unix seconds the unlock is stamped with; the bridge's clock by default. */
  time?: number
}

export interface BleAddCardRequest extends BleLockRequest {
  uid: string
  cardType: number
  validFrom: number
  validUntil: number
}

/** Body of POST /bridge/ble/locks/{mac}/delete-card: the card (or mobile key) the lock forgets. */
export interface BleDeleteCardRequest extends BleLockRequest {
  uid: string
}

export interface BleSetTimeRequest extends BleLockRequest {
  time?: number
}

export interface BleRecordsRequest extends BleLockRequest {
  start?: number
  count?: number
}

export interface BleRecordsView {
  mac: string
  total: number
  records: LockRecord[]
}

/** data of POST /bridge/sim/cards: a new blank card in the simulator's tray. */
export interface SimCardView {
  uid: string
  onEncoder: boolean
}

export interface SimCardsView {
  cards: SimCardView[]
}

export interface SimLockView {
  roomNo: string
  roomId: number
  mac: string
  initialised: boolean
  /** The lock's clock, unix seconds. */
  time: number
}

export interface SimLocksView {
  locks: SimLockView[]
}

/** Body of POST /bridge/sim/locks/{room}/present. */
export interface SimPresentRequest {
  uid: string
}

/** data of POST /bridge/sim/locks/{room}/present. */
export type SimPresentResult =
  | { outcome: 'accept'; opens: boolean; effect: LockEffect; text: string }
  | { outcome: 'refuse'; reason: RefusalReason; text: string }
  | { outcome: 'ignored'; why: 'not-initialised'; text: string }

/** Body of POST /bridge/sim/locks/{room}/clock. */
export interface SimClockRequest {
  time: number
}

/** Messages on /bridge/ws, server → client. */
export type BridgeEvent =
  | { type: 'hello'; devices: BridgeDeviceStatus[]; kinds: BridgeKindStatus[]; simulate: boolean }
  | { type: 'attached'; device: BridgeDeviceStatus }
  | { type: 'detached'; id: string; kind: BridgeDeviceKind; reason: string }
  | { type: 'status'; device: BridgeDeviceStatus }
  | { type: 'kind'; kind: BridgeKindStatus }
  | { type: 'card'; deviceId: string; present: boolean; uid?: string; cardType?: string }
  | { type: 'progress'; deviceId: string; operation: string; step: string; detail?: Record<string, unknown> }
  | {
      type: 'result'
      deviceId: string
      operation: string
      ok: boolean
      ms: number
      error?: BridgeDeviceError & { text: string }
    }

/** Body of POST /bridge/sim/locks/{room}/reach: the simulated lock walks out of the adapter's reach, or back. */
export interface SimReachRequest {
  inReach: boolean
}

/**
 * Port settings (SPEC §2.9 port settings and card-reader port settings): which serial port is an encoder or a card
 * reader and at what baud rate, kept in the bridge's configuration file (`devicePorts` of bridge.json).
 * - GET  /bridge/ports                    → PortsView (no session needed, like /bridge/devices)
 * - PUT  /bridge/ports   PortSetting      → PortsView  (saved; the device on that port reopens with it)
 * - POST /bridge/ports/remove {path}      → PortsView  (back to automatic detection)
 * - POST /bridge/ports/test PortTestRequest → PortTestResult (beep or read a card UID on those settings)
 * The three writes need the console's session (Authorization: Bearer) holding PORT_PERMISSION in its current property:
 * the bridge asks the server (GET /prod-api/device/dvcDevice/portAccess). Errors: device.error.portBusy, noSuchPort,
 * noAnswer.
 */
export const PORT_ROLES = ['encoder', 'reader', 'off'] as const
export type PortRole = (typeof PORT_ROLES)[number]
/** Baud rates a PN532 on HSU accepts (115200 is its default). */
export const PORT_BAUD_RATES = [9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600] as const
export const DEFAULT_PORT_BAUD_RATE = 115200
export const PORT_PERMISSION = DevicePermission.port

export interface PortSetting {
  path: string
  role: PortRole
  baudRate: number
}

export interface PortView {
  path: string
  /** Listed by the system now; a configured port that is unplugged or gone is not. */
  present: boolean
  vendorId?: string
  productId?: string
  manufacturer?: string
  /** Saved setting; none means automatic (an encoder at 115200 when its USB ids are a known adapter's). */
  setting?: PortSetting
  /** The bridge's device on this port, when it has one. */
  device?: BridgeDeviceStatus
}

export interface PortsView {
  ports: PortView[]
  configFile: string
}

export interface PortTestRequest {
  path: string
  baudRate: number
  action: 'beep' | 'readUid'
}

export interface PortTestResult {
  path: string
  baudRate: number
  action: 'beep' | 'readUid'
  /** The chip's firmware, e.g. PN532 1.6: proof it answered. */
  firmware: string
  /** readUid: the UID of the card in the field. */
  uid?: string
  /** beep: what the device did, translated. */
  text: string
}
