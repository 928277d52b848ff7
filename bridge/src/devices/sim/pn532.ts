// A simulated PN532 speaking the same host frames as the chip: ACKs, answers, the syntax-error frame,
// status bytes from its MIFARE Classic field, HSU sleep until woken by 0x55, passive-activation retries.
import { EventEmitter } from 'node:events'
import {
  ACK_FRAME,
  commandSpec,
  decodeMifareCommand,
  ERROR_FRAME,
  encodeFirmwareVersion,
  encodeInListPassiveTarget,
  type FirmwareVersion,
  FrameReader,
  Pn532Command,
  Pn532Status,
  pn532Frame,
  RfConfigItem,
  Tfi,
} from '@pms/protocol/pn532/index'
import { MIFARE_1K_SEL_RES, MIFARE_1K_SENS_RES, type VirtualMifareCard } from './virtual-card.ts'

export interface SimulatedPn532Options {
  firmware?: FirmwareVersion
  /** A chip on HSU starts asleep and ignores frames until it sees the 0x55 wake-up. */
  startAsleep?: boolean
  /** Time of one MIFARE exchange over RF (auth, read or write), in ms. */
  cardExchangeMs?: number
  /** Time of one passive-activation attempt with no card in the field, in ms. */
  activationAttemptMs?: number
}

export const PN532_V1_6: FirmwareVersion = { ic: 0x32, version: 0x01, revision: 0x06, support: 0x07 }

export interface SimulatedPn532Events {
  /** Bytes the chip sends to the host. */
  output: [Uint8Array]
  /** A host frame the chip understood, for tests and the live log. */
  command: [{ command: number; params: Uint8Array }]
}

export class SimulatedPn532 extends EventEmitter<SimulatedPn532Events> {
  private readonly reader = new FrameReader()
  private readonly options: Required<SimulatedPn532Options>
  private asleep: boolean
  private card: VirtualMifareCard | null = null
  private activeTarget: VirtualMifareCard | null = null
  private passiveRetries = 0xff
  private work: Promise<void> = Promise.resolve()
  private abortWait: (() => void) | null = null
  private cardPlaced: (() => void) | null = null
  /** The last answer, resent when the host NACKs it. */
  private lastAnswer: Uint8Array | null = null

  constructor(options: SimulatedPn532Options = {}) {
    super()
    this.options = {
      firmware: options.firmware ?? PN532_V1_6,
      startAsleep: options.startAsleep ?? true,
      cardExchangeMs: options.cardExchangeMs ?? 0,
      activationAttemptMs: options.activationAttemptMs ?? 0,
    }
    this.asleep = this.options.startAsleep
  }

  get cardInField(): VirtualMifareCard | null {
    return this.card
  }

  placeCard(card: VirtualMifareCard): void {
    this.card = card
    this.cardPlaced?.()
  }

  removeCard(): VirtualMifareCard | null {
    const gone = this.card
    this.card = null
    return gone
  }

  /** Bytes from the host. */
  receive(bytes: Uint8Array): void {
    if (this.asleep) {
      const wake = bytes.indexOf(0x55)
      if (wake < 0) return
      this.asleep = false
      bytes = bytes.subarray(wake)
    }
    for (const event of this.reader.push(bytes)) {
      // A frame with a bad checksum is dropped without an ACK; the host times out and retries.
      if (event.kind !== 'frame') continue
      const frame = event.frame
      if (frame.type === 'ack') {
        this.abortWait?.()
        continue
      }
      if (frame.type === 'nack') {
        if (this.lastAnswer) this.emit('output', this.lastAnswer)
        continue
      }
      if (frame.type !== 'info' || frame.tfi !== Tfi.hostToPn532) continue
      this.emit('output', ACK_FRAME)
      const { command, params } = frame
      this.work = this.work.then(() => this.answer(command, params))
    }
  }

  private async answer(command: number, params: Uint8Array): Promise<void> {
    this.emit('command', { command, params })
    const reply = await this.execute(command, params)
    if (reply === null) return
    this.lastAnswer = reply
    this.emit('output', reply)
  }

  private async execute(command: number, params: Uint8Array): Promise<Uint8Array | null> {
    const spec = commandSpec(command)
    if (!spec) return ERROR_FRAME
    const respond = (data: Iterable<number> = []) => pn532Frame(spec.response, Uint8Array.from(data))
    switch (spec.code) {
      case Pn532Command.GetFirmwareVersion:
        return respond(encodeFirmwareVersion(this.options.firmware))
      case Pn532Command.SAMConfiguration:
        return params.length >= 1 && params[0] >= 1 && params[0] <= 4 ? respond() : ERROR_FRAME
      case Pn532Command.RFConfiguration:
        if (params[0] === RfConfigItem.maxRetries && params.length === 4) this.passiveRetries = params[3]
        return params.length >= 1 ? respond() : ERROR_FRAME
      case Pn532Command.InListPassiveTarget:
        return this.listTarget(params, respond)
      case Pn532Command.InDataExchange:
        return respond(await this.exchange(params))
      case Pn532Command.InRelease:
        this.activeTarget = null
        return respond([Pn532Status.ok])
    }
  }

  private async listTarget(
    params: Uint8Array,
    respond: (data?: Iterable<number>) => Uint8Array,
  ): Promise<Uint8Array | null> {
    if (params.length < 2 || params[0] < 1 || params[0] > 2 || params[1] !== 0x00) return ERROR_FRAME
    this.activeTarget = null
    if (!this.card) {
      if (this.passiveRetries === 0xff) {
        // Retries forever: answer when a card comes, or never if the host aborts with an ACK.
        const outcome = await new Promise<'card' | 'aborted'>((resolve) => {
          this.cardPlaced = () => resolve('card')
          this.abortWait = () => resolve('aborted')
        })
        this.cardPlaced = null
        this.abortWait = null
        if (outcome === 'aborted') return null
      } else {
        await sleep((this.passiveRetries + 1) * this.options.activationAttemptMs)
        if (!this.card) return respond([0])
      }
    }
    const card = this.card!
    card.select()
    this.activeTarget = card
    return respond(
      encodeInListPassiveTarget([
        { tg: 1, sensRes: MIFARE_1K_SENS_RES, selRes: MIFARE_1K_SEL_RES, nfcId: card.uid },
      ]),
    )
  }

  private async exchange(params: Uint8Array): Promise<number[]> {
    if (params.length < 2) return [Pn532Status.invalidParameter]
    const [tg] = params
    if (tg !== 1 || !this.activeTarget) return [Pn532Status.commandNotAcceptable]
    await sleep(this.options.cardExchangeMs)
    // A card taken out of the field simply stops answering: the chip reports a timeout.
    if (!this.card || this.activeTarget !== this.card) return [Pn532Status.timeout]
    let request: ReturnType<typeof decodeMifareCommand>
    try {
      request = decodeMifareCommand(params.subarray(1))
    } catch {
      return [Pn532Status.invalidParameter]
    }
    const card = this.activeTarget
    const answer =
      request.op === 'auth'
        ? card.authenticate(request.keyType, request.block, request.key, request.uid)
        : request.op === 'read'
          ? card.read(request.block)
          : card.write(request.block, request.data)
    if (answer.ok) return [Pn532Status.ok, ...(answer.data ?? [])]
    // A halted card is silent (timeout); a failed auth or a NAK inside the crypto session is 0x14.
    return [answer.reason === 'halted' ? Pn532Status.timeout : Pn532Status.mifareAuthError]
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve())
