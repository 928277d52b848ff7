// BLE v3 lock commands and replies: opcodes, status codes, refusal codes and payload codecs, as tables of data.
import { type CardType, isCardType } from '../cards/card-types.ts'
import type { RefusalReason } from '../cards/lock-policy.ts'
import { ByteReader, ByteWriter } from '../format/byte-cursor.ts'
import { ProtocolError } from '../format/protocol-error.ts'

export const LockOpcode = {
  init: 0x01,
  status: 0x02,
  setTime: 0x03,
  unlock: 0x04,
  addCard: 0x05,
  deleteCard: 0x06,
  readRecords: 0x07,
  reset: 0x08,
} as const
export type LockCommand = keyof typeof LockOpcode

export const LockStatus = {
  ok: 0x00,
  badRequest: 0x01,
  notInitialised: 0x02,
  alreadyInitialised: 0x03,
  notFound: 0x04,
  full: 0x05,
  refused: 0x06,
  unknownCommand: 0x07,
} as const
export type LockStatusName = keyof typeof LockStatus

/** One byte per refusal reason in open records; 0 means the card or phone was accepted. */
export const RefusalCode = {
  expired: 1,
  'not-yet-valid': 2,
  'wrong-room': 3,
  'foreign-property': 4,
  superseded: 5,
  blacklisted: 6,
  'checked-out': 7,
  tampered: 8,
  unreadable: 9,
  deadbolted: 10,
  'not-for-locks': 11,
} as const satisfies Record<RefusalReason, number>

export const RecordSource = { card: 1, ble: 2 } as const
export type RecordSource = keyof typeof RecordSource

/** One open attempt the lock remembers (16 bytes on the wire). */
export interface LockRecord {
  time: number
  source: RecordSource
  outcome: 'accept' | RefusalReason
  cardType: CardType
  cardNo: number
  issueSequence: number
}

export const MAX_CARD_UID = 10
export const MAX_RECORDS_PER_READ = 8

export type LockRequest =
  | {
      command: 'init'
      privateKey: Uint8Array
      cardSecret: Uint8Array
      propertyId: number
      buildingId: number
      floorId: number
      roomId: number
      time: number
    }
  | { command: 'status' }
  | { command: 'setTime'; time: number }
  | { command: 'unlock'; time: number }
  | { command: 'addCard'; uid: Uint8Array; cardType: CardType; validFrom: number; validUntil: number }
  | { command: 'deleteCard'; uid: Uint8Array }
  | { command: 'readRecords'; start: number; count: number }
  | { command: 'reset' }

export interface LockStatusReport {
  initialised: boolean
  battery: number
  time: number
  propertyId: number
  buildingId: number
  floorId: number
  roomId: number
  recordCount: number
  enrolledCards: number
  deadbolted: boolean
}

/** The body of a successful reply to each command. */
export interface LockReplyBodies {
  init: Record<string, never>
  status: LockStatusReport
  setTime: Record<string, never>
  unlock: Record<string, never>
  addCard: Record<string, never>
  deleteCard: Record<string, never>
  readRecords: { total: number; records: LockRecord[] }
  reset: Record<string, never>
}

export type LockReply = {
  [K in LockCommand]:
    | { command: K; status: 'ok'; body: LockReplyBodies[K] }
    | { command: K; status: Exclude<LockStatusName, 'ok'> }
}[LockCommand]

type RequestOf<K extends LockCommand> = Extract<LockRequest, { command: K }>
type Codec<T> = { write(value: T, w: ByteWriter): void; read(r: ByteReader): T }

function uid(r: ByteReader): Uint8Array {
  const n = r.u8()
  if (n < 4 || n > MAX_CARD_UID) throw new ProtocolError('bad-length', `card UID of ${n} bytes`)
  return r.bytesOf(n)
}
function writeUid(value: Uint8Array, w: ByteWriter): void {
  if (value.length < 4 || value.length > MAX_CARD_UID)
    throw new ProtocolError('bad-length', 'card UID is 4..10 bytes')
  w.u8(value.length).bytes(value)
}
function cardType(r: ByteReader): CardType {
  const t = r.i8()
  if (!isCardType(t)) throw new ProtocolError('out-of-range', `card type ${t}`)
  return t
}
function exact(bytes: Uint8Array, length: number, what: string): Uint8Array {
  if (bytes.length !== length) throw new ProtocolError('bad-length', `${what} is ${length} bytes`)
  return bytes
}
const empty = <T>(value: T): Codec<T> => ({ write() {}, read: () => value })

const requestCodecs: { [K in LockCommand]: Codec<RequestOf<K>> } = {
  init: {
    write: (q, w) =>
      w
        .bytes(exact(q.privateKey, 16, 'private key'))
        .bytes(exact(q.cardSecret, 32, 'card secret'))
        .u32(q.propertyId)
        .u16(q.buildingId)
        .u16(q.floorId)
        .u32(q.roomId)
        .u32(q.time),
    read: (r) => ({
      command: 'init',
      privateKey: r.bytesOf(16),
      cardSecret: r.bytesOf(32),
      propertyId: r.u32(),
      buildingId: r.u16(),
      floorId: r.u16(),
      roomId: r.u32(),
      time: r.u32(),
    }),
  },
  status: empty({ command: 'status' }),
  setTime: { write: (q, w) => w.u32(q.time), read: (r) => ({ command: 'setTime', time: r.u32() }) },
  unlock: { write: (q, w) => w.u32(q.time), read: (r) => ({ command: 'unlock', time: r.u32() }) },
  addCard: {
    write: (q, w) => {
      writeUid(q.uid, w)
      w.i8(q.cardType).u32(q.validFrom).u32(q.validUntil)
    },
    read: (r) => ({
      command: 'addCard',
      uid: uid(r),
      cardType: cardType(r),
      validFrom: r.u32(),
      validUntil: r.u32(),
    }),
  },
  deleteCard: { write: (q, w) => writeUid(q.uid, w), read: (r) => ({ command: 'deleteCard', uid: uid(r) }) },
  readRecords: {
    write: (q, w) => w.u16(q.start).u8(q.count),
    read: (r) => {
      const start = r.u16()
      const count = r.u8()
      if (count < 1 || count > MAX_RECORDS_PER_READ)
        throw new ProtocolError('out-of-range', `record count ${count}`)
      return { command: 'readRecords', start, count }
    },
  },
  reset: empty({ command: 'reset' }),
}

const refusalByCode = new Map<number, RefusalReason>(
  Object.entries(RefusalCode).map(([reason, code]) => [code, reason as RefusalReason]),
)

function writeRecord(record: LockRecord, w: ByteWriter): void {
  w.u32(record.time)
    .u8(RecordSource[record.source])
    .u8(record.outcome === 'accept' ? 0 : RefusalCode[record.outcome])
    .i8(record.cardType)
    .u8(0)
    .u32(record.cardNo)
    .u32(record.issueSequence)
}

function readRecord(r: ByteReader): LockRecord {
  const time = r.u32()
  const sourceCode = r.u8()
  const source = sourceCode === 1 ? 'card' : sourceCode === 2 ? 'ble' : undefined
  if (!source) throw new ProtocolError('out-of-range', `record source ${sourceCode}`)
  const outcomeCode = r.u8()
  const outcome = outcomeCode === 0 ? 'accept' : refusalByCode.get(outcomeCode)
  if (!outcome) throw new ProtocolError('out-of-range', `record outcome ${outcomeCode}`)
  const type = cardType(r)
  r.u8()
  return { time, source, outcome, cardType: type, cardNo: r.u32(), issueSequence: r.u32() }
}

const none: Codec<Record<string, never>> = empty({})

const replyCodecs: { [K in LockCommand]: Codec<LockReplyBodies[K]> } = {
  init: none,
  status: {
    write: (s, w) =>
      w
        .u8(s.initialised ? 1 : 0)
        .u8(s.battery)
        .u32(s.time)
        .u32(s.propertyId)
        .u16(s.buildingId)
        .u16(s.floorId)
        .u32(s.roomId)
        .u16(s.recordCount)
        .u8(s.enrolledCards)
        .u8(s.deadbolted ? 1 : 0),
    read: (r) => ({
      initialised: r.u8() === 1,
      battery: r.u8(),
      time: r.u32(),
      propertyId: r.u32(),
      buildingId: r.u16(),
      floorId: r.u16(),
      roomId: r.u32(),
      recordCount: r.u16(),
      enrolledCards: r.u8(),
      deadbolted: r.u8() === 1,
    }),
  },
  setTime: none,
  unlock: none,
  addCard: none,
  deleteCard: none,
  readRecords: {
    write: (b, w) => {
      w.u16(b.total).u8(b.records.length)
      for (const record of b.records) writeRecord(record, w)
    },
    read: (r) => {
      const total = r.u16()
      const count = r.u8()
      if (count > MAX_RECORDS_PER_READ) throw new ProtocolError('out-of-range', `record count ${count}`)
      const records: LockRecord[] = []
      for (let i = 0; i < count; i++) records.push(readRecord(r))
      return { total, records }
    },
  },
  reset: none,
}

const commandByOpcode = new Map<number, LockCommand>(
  Object.entries(LockOpcode).map(([name, code]) => [code, name as LockCommand]),
)
const statusByCode = new Map<number, LockStatusName>(
  Object.entries(LockStatus).map(([name, code]) => [code, name as LockStatusName]),
)

export function lockCommandOf(opcode: number): LockCommand | undefined {
  return commandByOpcode.get(opcode)
}

/** A command's plaintext body: opcode, then its payload. */
export function encodeLockRequest(request: LockRequest): Uint8Array {
  const w = new ByteWriter().u8(LockOpcode[request.command])
  ;(requestCodecs[request.command] as Codec<LockRequest>).write(request, w)
  return w.toBytes()
}

/** Parses a command's plaintext body; throws `unknown-command` or another ProtocolError. */
export function decodeLockRequest(plaintext: Uint8Array): LockRequest {
  const r = new ByteReader(plaintext)
  const opcode = r.u8()
  const command = commandByOpcode.get(opcode)
  if (!command) throw new ProtocolError('unknown-command', `opcode 0x${opcode.toString(16)}`)
  const request = (requestCodecs[command] as Codec<LockRequest>).read(r)
  r.end()
  return request
}

/** A reply's plaintext body: opcode, status, then (on success) the body. */
export function encodeLockReply(reply: LockReply): Uint8Array {
  const w = new ByteWriter().u8(LockOpcode[reply.command]).u8(LockStatus[reply.status])
  if (reply.status === 'ok') (replyCodecs[reply.command] as Codec<unknown>).write(reply.body, w)
  return w.toBytes()
}

/** A reply to a command this lock does not know: the opcode is echoed as received. */
export function encodeUnknownCommandReply(opcode: number): Uint8Array {
  return Uint8Array.of(opcode, LockStatus.unknownCommand)
}

export function decodeLockReply(plaintext: Uint8Array): LockReply {
  const r = new ByteReader(plaintext)
  const opcode = r.u8()
  const command = commandByOpcode.get(opcode)
  if (!command) throw new ProtocolError('unknown-command', `opcode 0x${opcode.toString(16)}`)
  const code = r.u8()
  const status = statusByCode.get(code)
  if (!status) throw new ProtocolError('out-of-range', `status 0x${code.toString(16)}`)
  if (status !== 'ok') {
    r.end()
    return { command, status } as LockReply
  }
  const body = (replyCodecs[command] as Codec<unknown>).read(r)
  r.end()
  return { command, status, body } as LockReply
}
