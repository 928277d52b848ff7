// Request/response matching with a PN532 over a byte link: send a frame, wait for its ACK, then for the
// answer (command + 1), with timeouts, NACK on a corrupt answer, ACK to abort, clean failure on unplug.
import {
  ACK_FRAME,
  commandSpec,
  FrameReader,
  HSU_WAKE_UP,
  hostFrame,
  NACK_FRAME,
  Tfi,
} from '@pms/protocol/pn532/index'
import { DeviceError } from '../errors.ts'
import type { ByteLink } from './link.ts'

export interface Pn532ClientOptions {
  /** How long to wait for the ACK before resending the frame once. */
  ackTimeoutMs?: number
  /** Times a corrupt answer is asked for again with a NACK. */
  nackRetries?: number
}

interface Pending {
  name: string
  response: number
  acked: boolean
  nacks: number
  resolve: (params: Uint8Array) => void
  reject: (err: DeviceError) => void
}

export class Pn532Client {
  private readonly reader = new FrameReader()
  private pending: Pending | null = null
  private lostCause: DeviceError | null = null
  private readonly ackTimeoutMs: number
  private readonly nackRetries: number
  /**
   * Set when a command was sent twice (its ACK came late) or timed out: the chip may still answer the copy, and an
   * answer carries no sequence number, so a later command with the same answer code (every card exchange answers
   * 0x41) would take the stale one — a read of 0 bytes, a write that verifies wrong. Before the next command a
   * GetFirmwareVersion is exchanged: the line is ordered, so once its answer is in, everything stale has passed.
   */
  private unsettled = false

  constructor(
    private readonly link: ByteLink,
    options: Pn532ClientOptions = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 150
    this.nackRetries = options.nackRetries ?? 2
    link.onData((chunk) => this.onData(chunk))
    link.onLost((cause) => {
      this.lostCause = new DeviceError('disconnected', { detail: cause.message })
      this.pending?.reject(this.lostCause)
      this.pending = null
    })
  }

  /** The HSU wake-up preamble; the PN532 must then get SAMConfiguration as its first command. */
  async wakeUp(): Promise<void> {
    await this.link.write(HSU_WAKE_UP)
  }

  /** Sends one command and returns the answer's parameters (after the response code). */
  async command(
    code: number,
    params: Uint8Array = new Uint8Array(),
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<Uint8Array> {
    if (this.lostCause) throw this.lostCause
    for (let tries = 0; this.unsettled && tries < 3; tries++) {
      this.unsettled = false
      await this.exchange(GET_FIRMWARE_VERSION, new Uint8Array(), options)
    }
    return this.exchange(code, params, options)
  }

  private async exchange(
    code: number,
    params: Uint8Array,
    options: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<Uint8Array> {
    const spec = commandSpec(code)
    const name = spec?.name ?? `0x${code.toString(16)}`
    const timeoutMs = options.timeoutMs ?? spec?.timeoutMs ?? 500
    if (this.pending)
      throw new DeviceError('protocol', { detail: `${name} sent while ${this.pending.name} runs` })
    options.signal?.throwIfAborted()
    const frame = hostFrame(code, params)
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort: (() => void) | undefined
    try {
      return await new Promise<Uint8Array>((resolve, reject) => {
        const pending: Pending = {
          name,
          response: (code + 1) & 0xff,
          acked: false,
          nacks: 0,
          resolve,
          reject,
        }
        this.pending = pending
        onAbort = () => {
          void this.link.write(ACK_FRAME).catch(() => {})
          this.unsettled = true
          reject(options.signal!.reason)
        }
        options.signal?.addEventListener('abort', onAbort, { once: true })
        const send = () => this.link.write(frame).catch((err: Error) => reject(lost(err)))
        let resent = false
        const onAckTimeout = () => {
          if (pending.acked) return
          // A host busy for longer than the timeout (an embedded database query on the same thread) runs this timer
          // before it reads the ACK already waiting on the line: read what is there first, then decide.
          setImmediate(ackStillMissing)
        }
        const ackStillMissing = () => {
          if (pending.acked || this.pending !== pending) return
          if (!resent) {
            resent = true
            this.unsettled = true
            void send()
            timer = setTimeout(onAckTimeout, this.ackTimeoutMs)
            return
          }
          reject(new DeviceError('timeout', { operation: name, stage: 'ack', ms: this.ackTimeoutMs }))
        }
        timer = setTimeout(onAckTimeout, this.ackTimeoutMs)
        pending.resolve = (value) => resolve(value)
        const onAck = () => {
          clearTimeout(timer)
          timer = setTimeout(() => {
            // Tell the PN532 to drop the command so the next one is not answered with this one's reply.
            void this.link.write(ACK_FRAME).catch(() => {})
            this.unsettled = true
            reject(new DeviceError('timeout', { operation: name, stage: 'response', ms: timeoutMs }))
          }, timeoutMs)
        }
        this.onAcked = onAck
        void send()
      })
    } finally {
      clearTimeout(timer)
      if (onAbort) options.signal?.removeEventListener('abort', onAbort)
      this.pending = null
      this.onAcked = null
    }
  }

  private onAcked: (() => void) | null = null

  private onData(chunk: Uint8Array): void {
    for (const event of this.reader.push(chunk)) {
      const p = this.pending
      if (!p) continue
      if (event.kind === 'error') {
        if (p.acked && p.nacks < this.nackRetries) {
          p.nacks++
          void this.link.write(NACK_FRAME).catch(() => {})
        } else if (p.acked) {
          p.reject(new DeviceError('protocol', { operation: p.name, detail: event.error.message }))
        }
        continue
      }
      const frame = event.frame
      switch (frame.type) {
        case 'ack':
          if (!p.acked) {
            p.acked = true
            this.onAcked?.()
          }
          break
        case 'nack':
          break
        case 'error':
          p.reject(new DeviceError('protocol', { operation: p.name, detail: 'PN532 syntax error frame' }))
          break
        case 'info':
          // Before our ACK, or for another command, an answer is a late one to a command that timed out and was
          // aborted (a busy host can be slower than the chip): drop it and keep waiting; our own timeout still runs.
          if (frame.tfi !== Tfi.pn532ToHost || !p.acked || frame.command !== p.response) break
          p.resolve(frame.params)
          break
      }
    }
  }
}

/** Answers with 0x03 and changes nothing: the command that settles the line. */
const GET_FIRMWARE_VERSION = 0x02

function lost(err: Error): DeviceError {
  return new DeviceError('disconnected', { detail: err.message })
}
