// A simulated BLE v3 door lock speaking the real wire protocol: chunks in on write, sealed replies out on notify,
// and the same card decision a real lock makes (protocol's lock-policy) when a card is presented.
import {
  BLE_CHUNK_SIZE,
  type BleFrame,
  type CardDecodeResult,
  type CardFields,
  CardType,
  chunkFrame,
  decideCard,
  decodeCard,
  encodeUnknownCommandReply,
  FrameAssembler,
  type FrameKeys,
  frameKeys,
  type LockDecision,
  type LockPolicyState,
  type LockRecord,
  type LockReply,
  type LockRequest,
  lockInitKey,
  newLockPolicyState,
  normaliseBluetoothMac,
  openFrame,
  openLockRequest,
  ProtocolError,
  sealFrame,
  sealLockReply,
  toHex,
} from '@pms/protocol'

/** How far an unlock command's timestamp may be from the lock's clock: a replayed frame soon goes stale. */
export const UNLOCK_TIME_WINDOW = 300
const MAX_ENROLLED_CARDS = 32

export interface SimulatedBleLockOptions {
  mac: string
  name?: string
  /** Battery percentage reported by status. */
  battery?: number
  /** The host clock in unix seconds; the lock keeps an offset from it (set by init, setTime, time cards). */
  clock?: () => number
  /** Open records kept before the oldest are dropped. */
  maxRecords?: number
}

/** A card as the lock's reader sees it: UID plus the blocks of the property's sectors. */
export interface PresentedCard {
  uid: Uint8Array
  blocks: readonly Uint8Array[]
}

export type PresentResult = LockDecision | { outcome: 'ignored'; why: 'not-initialised' }

interface EnrolledCard {
  uid: string
  cardType: CardType
  validFrom: number
  validUntil: number
}

interface Installed {
  privateKey: Uint8Array
  cardSecret: Uint8Array
  policy: LockPolicyState
}

/** One simulated lock. Feed `write()` what the driver writes; listen with `onNotify()`. */
export class SimulatedBleLock {
  readonly mac: string
  readonly name: string
  battery: number
  /** Frames dropped because they failed CRC, MAC or parsing: a real lock stays silent on those. */
  droppedFrames = 0
  private readonly clock: () => number
  private readonly maxRecords: number
  private readonly assembler = new FrameAssembler()
  private readonly listeners = new Set<(chunk: Uint8Array) => void>()
  /** Derived on the lock's first frame, not at construction: a simulated bridge makes a lock per room at start. */
  #initKeys: FrameKeys | undefined
  private installed: Installed | undefined
  private clockOffset = 0
  private records: LockRecord[] = []
  private enrolled: EnrolledCard[] = []

  constructor(options: SimulatedBleLockOptions) {
    const mac = normaliseBluetoothMac(options.mac)
    if (!mac) throw new ProtocolError('bad-length', `not a Bluetooth MAC: ${options.mac}`)
    this.mac = mac
    this.name = options.name ?? `PMSL-${mac}`
    this.battery = options.battery ?? 100
    this.clock = options.clock ?? (() => Math.floor(Date.now() / 1000))
    this.maxRecords = options.maxRecords ?? 500
  }

  /** Subscribes to notify chunks (at most 20 bytes each). Returns the unsubscribe function. */
  onNotify(listener: (chunk: Uint8Array) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Receives one write-characteristic chunk. Replies arrive asynchronously on notify, as from a radio. */
  write(chunk: Uint8Array): void {
    for (const item of this.assembler.push(chunk)) {
      if (item.kind === 'dropped') this.droppedFrames++
      else this.receive(item.frame)
    }
  }

  /** The lock's clock in unix seconds. */
  now(): number {
    return this.clock() + this.clockOffset
  }

  get initialised(): boolean {
    return this.installed !== undefined
  }

  /** The policy state (ids, sequences, blacklist, checkout marks); undefined until init. */
  get policy(): LockPolicyState | undefined {
    return this.installed?.policy
  }

  get openRecords(): readonly LockRecord[] {
    return this.records
  }

  /** Throws or withdraws the deadbolt from inside the room. */
  setDeadbolt(thrown: boolean): void {
    if (this.installed) this.installed.policy = { ...this.installed.policy, deadbolted: thrown }
  }

  /** Presents a card to the reader: decodes it with the installed card secret and applies the lock policy. */
  presentCard(card: PresentedCard): PresentResult {
    const installed = this.installed
    if (!installed) return { outcome: 'ignored', why: 'not-initialised' }
    const now = this.now()
    const decoded = this.enrolledFallback(decodeCard(card.blocks, installed.cardSecret, card.uid), card.uid)
    const decision = decideCard(installed.policy, decoded, now)
    installed.policy = decision.state
    if (decision.outcome === 'accept') {
      if (decision.clockSetTo !== undefined) this.clockOffset = decision.clockSetTo - this.clock()
      if (decision.effect === 'checked-out')
        this.enrolled = this.enrolled.filter((c) => c.cardType !== CardType.GUEST)
    }
    const fields = decoded.ok ? decoded.fields : undefined
    this.record({
      time: now,
      source: 'card',
      outcome: decision.outcome === 'accept' ? 'accept' : decision.reason,
      cardType: fields?.cardType ?? -1,
      cardNo: fields?.cardNo ?? 0,
      issueSequence: fields?.issueSequence ?? 0,
    })
    return decision
  }

  /** A card added over BLE carries no sealed payload: the lock vouches for it by UID, as a card for its own room. */
  private enrolledFallback(decoded: CardDecodeResult, uid: Uint8Array): CardDecodeResult {
    if (decoded.ok || decoded.reason === 'tampered' || decoded.reason === 'foreign') return decoded
    const entry = this.enrolled.find((c) => c.uid === toHex(uid))
    const policy = this.installed?.policy
    if (!entry || !policy) return decoded
    const fields: CardFields = {
      cardType: entry.cardType,
      flags: 0,
      propertyId: policy.propertyId,
      buildingId: policy.buildingId,
      floorId: policy.floorId,
      roomId: policy.roomId,
      validFrom: entry.validFrom,
      validUntil: entry.validUntil,
      issueSequence: policy.guestSequence[policy.roomId] ?? 0,
      cardNo: 0,
      targetCardNo: 0,
      elevatorFloors: [],
    }
    return { ok: true, fields }
  }

  private record(record: LockRecord): void {
    this.records.push(record)
    if (this.records.length > this.maxRecords) this.records.splice(0, this.records.length - this.maxRecords)
  }

  private currentKeys(): FrameKeys {
    if (this.installed) return frameKeys(this.installed.privateKey)
    this.#initKeys ??= frameKeys(lockInitKey(this.mac))
    return this.#initKeys
  }

  private receive(frame: BleFrame): void {
    const keys = this.currentKeys()
    let request: LockRequest
    try {
      request = openLockRequest(keys, frame)
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error
      // An authentic frame with an opcode we do not know gets an answer; anything else is dropped.
      if (error.code === 'unknown-command') {
        const body = openFrame(keys, frame)
        this.send(sealFrame(keys, 'response', frame.seq, encodeUnknownCommandReply(body[0]!)))
      } else if (error.code === 'truncated' || error.code === 'bad-length' || error.code === 'out-of-range') {
        this.send(
          sealLockReply(keys, frame.seq, { command: this.commandOf(keys, frame), status: 'badRequest' }),
        )
      } else this.droppedFrames++
      return
    }
    const reply = this.handle(request)
    // The reply goes out under the key the command came in with, even when the command changed the key.
    this.send(sealLockReply(keys, frame.seq, reply))
  }

  private commandOf(keys: FrameKeys, frame: BleFrame): LockRequest['command'] {
    const opcode = openFrame(keys, frame)[0]
    const names = [
      'init',
      'status',
      'setTime',
      'unlock',
      'addCard',
      'deleteCard',
      'readRecords',
      'reset',
    ] as const
    return names[(opcode ?? 1) - 1] ?? 'status'
  }

  private handle(request: LockRequest): LockReply {
    const installed = this.installed
    switch (request.command) {
      case 'init':
        if (installed) return { command: 'init', status: 'alreadyInitialised' }
        this.installed = {
          privateKey: request.privateKey,
          cardSecret: request.cardSecret,
          policy: newLockPolicyState(request),
        }
        this.clockOffset = request.time - this.clock()
        return { command: 'init', status: 'ok', body: {} }
      case 'status':
        return {
          command: 'status',
          status: 'ok',
          body: {
            initialised: installed !== undefined,
            battery: this.battery,
            time: this.now(),
            propertyId: installed?.policy.propertyId ?? 0,
            buildingId: installed?.policy.buildingId ?? 0,
            floorId: installed?.policy.floorId ?? 0,
            roomId: installed?.policy.roomId ?? 0,
            recordCount: Math.min(this.records.length, 0xffff),
            enrolledCards: this.enrolled.length,
            deadbolted: installed?.policy.deadbolted ?? false,
          },
        }
      case 'reset':
        if (!installed) return { command: 'reset', status: 'notInitialised' }
        this.installed = undefined
        this.records = []
        this.enrolled = []
        this.clockOffset = 0
        return { command: 'reset', status: 'ok', body: {} }
    }
    if (!installed) return { command: request.command, status: 'notInitialised' }
    switch (request.command) {
      case 'setTime':
        this.clockOffset = request.time - this.clock()
        return { command: 'setTime', status: 'ok', body: {} }
      case 'unlock': {
        const now = this.now()
        const fresh = Math.abs(request.time - now) <= UNLOCK_TIME_WINDOW
        this.record({
          time: now,
          source: 'ble',
          outcome: 'accept',
          cardType: -1,
          cardNo: 0,
          issueSequence: 0,
        })
        if (!fresh) this.records.pop()
        return fresh
          ? { command: 'unlock', status: 'ok', body: {} }
          : { command: 'unlock', status: 'refused' }
      }
      case 'addCard': {
        const uid = toHex(request.uid)
        const others = this.enrolled.filter((c) => c.uid !== uid)
        if (others.length >= MAX_ENROLLED_CARDS) return { command: 'addCard', status: 'full' }
        const { cardType, validFrom, validUntil } = request
        this.enrolled = [...others, { uid, cardType, validFrom, validUntil }]
        return { command: 'addCard', status: 'ok', body: {} }
      }
      case 'deleteCard': {
        const uid = toHex(request.uid)
        if (!this.enrolled.some((c) => c.uid === uid)) return { command: 'deleteCard', status: 'notFound' }
        this.enrolled = this.enrolled.filter((c) => c.uid !== uid)
        return { command: 'deleteCard', status: 'ok', body: {} }
      }
      case 'readRecords':
        return {
          command: 'readRecords',
          status: 'ok',
          body: {
            total: Math.min(this.records.length, 0xffff),
            records: this.records.slice(request.start, request.start + request.count),
          },
        }
    }
  }

  private send(frame: BleFrame): void {
    const chunks = chunkFrame(frame.toBuffer(), BLE_CHUNK_SIZE)
    queueMicrotask(() => {
      for (const chunk of chunks) for (const listener of this.listeners) listener(chunk)
    })
  }
}
