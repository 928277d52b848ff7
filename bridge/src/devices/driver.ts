// The one driver interface every device kind implements (encoders, locks), and the base that gives each
// a state machine, a one-at-a-time operation queue, cancellation and per-operation timeouts.
import { EventEmitter } from 'node:events'
import { asDeviceError, DeviceError, type DeviceErrorInfo } from './errors.ts'
import { type Operation, type OperationOptions, OperationQueue } from './queue.ts'

export type { Operation, OperationContext, OperationOptions } from './queue.ts'

export const DeviceKind = {
  pn532Serial: 'pn532-serial',
  hidEncoder: 'hid-encoder',
  bleLock: 'ble-lock',
} as const
export type DeviceKind = (typeof DeviceKind)[keyof typeof DeviceKind]

export const DeviceState = {
  unavailable: 'unavailable',
  closed: 'closed',
  opening: 'opening',
  ready: 'ready',
  busy: 'busy',
  error: 'error',
} as const
export type DeviceState = (typeof DeviceState)[keyof typeof DeviceState]

/** Which state may follow which. Anything else is a bug in a driver and throws. */
export const deviceTransitions: Record<DeviceState, readonly DeviceState[]> = {
  unavailable: ['unavailable', 'closed', 'opening'],
  closed: ['opening', 'unavailable', 'closed'],
  opening: ['ready', 'error', 'closed', 'unavailable'],
  ready: ['busy', 'closed', 'error', 'unavailable'],
  busy: ['ready', 'closed', 'error', 'unavailable'],
  error: ['opening', 'closed', 'unavailable', 'error'],
}

export interface DeviceStatus {
  id: string
  kind: DeviceKind
  state: DeviceState
  /** Why the device is unavailable or in error. */
  reason?: DeviceErrorInfo
  /** The operation running now, when busy. */
  operation?: string
  queued: number
  /** Where it is: serial path, HID path, BLE address. */
  path?: string
  /** Firmware, model, adapter state: whatever the driver learned on open. */
  info?: Record<string, string | number | boolean>
  simulated: boolean
}

export interface DeviceEvents {
  status: [DeviceStatus]
  progress: [{ deviceId: string; operation: string; step: string; detail?: Record<string, unknown> }]
  result: [{ deviceId: string; operation: string; ok: boolean; error?: DeviceErrorInfo; ms: number }]
  /** An encoder saw a card come into or leave its field. */
  card: [{ deviceId: string; present: boolean; uid?: string; type?: string }]
}

/** What the registry, the HTTP layer and the tests see of any device. */
export interface DeviceDriver {
  readonly id: string
  readonly kind: DeviceKind
  open(signal?: AbortSignal): Promise<void>
  close(): Promise<void>
  status(): DeviceStatus
  /** Runs one operation after the ones already queued; it fails fast if the device is not ready. */
  run<T>(name: string, op: Operation<T>, options?: OperationOptions): Promise<T>
  on<E extends keyof DeviceEvents>(event: E, listener: (...args: DeviceEvents[E]) => void): this
  off<E extends keyof DeviceEvents>(event: E, listener: (...args: DeviceEvents[E]) => void): this
}

export interface DeviceBaseOptions {
  id: string
  kind: DeviceKind
  path?: string
  simulated?: boolean
  queueLimit?: number
  defaultTimeoutMs?: number
}

/** Shared machinery; a driver supplies `connect` and `disconnect`, and its operations go through `run`. */
export abstract class DeviceBase extends EventEmitter<DeviceEvents> implements DeviceDriver {
  readonly id: string
  readonly kind: DeviceKind
  protected readonly path?: string
  protected readonly simulated: boolean
  protected info: Record<string, string | number | boolean> = {}
  private state: DeviceState = 'closed'
  private reason?: DeviceError
  private readonly queue: OperationQueue
  private opening?: Promise<void>

  constructor(options: DeviceBaseOptions) {
    super()
    this.id = options.id
    this.kind = options.kind
    this.path = options.path
    this.simulated = options.simulated ?? false
    this.queue = new OperationQueue({
      limit: options.queueLimit,
      defaultTimeoutMs: options.defaultTimeoutMs,
      onStart: (_name, background) => {
        if (this.state === 'ready') {
          if (!background) this.transition('busy')
        } else if (this.state !== 'busy')
          throw new DeviceError('notOpen', { device: this.id, state: this.state })
      },
      onEnd: (name, ms, err, background) => {
        if (this.state === 'busy' && !background) this.transition('ready')
        if (background) return
        const error = err === undefined ? undefined : asDeviceError(err)
        this.emit('result', {
          deviceId: this.id,
          operation: name,
          ok: !error,
          error: error?.toJSON(),
          ms: Math.round(ms * 100) / 100,
        })
      },
    })
  }

  /** Opens the underlying transport and brings the device to a known state. */
  protected abstract connect(signal: AbortSignal): Promise<void>
  /** Releases the transport. Must not throw for an already-gone device. */
  protected abstract disconnect(): Promise<void>

  status(): DeviceStatus {
    return {
      id: this.id,
      kind: this.kind,
      state: this.state,
      reason: this.reason?.toJSON(),
      operation: this.queue.current ?? undefined,
      queued: this.queue.size,
      path: this.path,
      info: Object.keys(this.info).length ? { ...this.info } : undefined,
      simulated: this.simulated,
    }
  }

  get currentState(): DeviceState {
    return this.state
  }

  open(signal?: AbortSignal): Promise<void> {
    if (this.state === 'ready' || this.state === 'busy') return Promise.resolve()
    if (this.opening) return this.opening
    this.transition('opening')
    const controller = new AbortController()
    const onAbort = () => controller.abort(new DeviceError('cancelled', { operation: 'open' }))
    signal?.addEventListener('abort', onAbort, { once: true })
    this.opening = this.connect(controller.signal)
      .then(
        () => this.transition('ready'),
        async (err: unknown) => {
          const error = asDeviceError(err)
          await this.disconnect().catch(() => {})
          if (this.state === 'opening')
            this.transition(error.code === 'unavailable' ? 'unavailable' : 'error', error)
          throw error
        },
      )
      .finally(() => {
        signal?.removeEventListener('abort', onAbort)
        this.opening = undefined
      })
    return this.opening
  }

  async close(): Promise<void> {
    this.queue.failAll(new DeviceError('notOpen', { device: this.id }))
    await this.disconnect().catch(() => {})
    if (this.state !== 'unavailable') this.transition('closed')
  }

  /** Marks the device gone (unplugged, adapter off): the running operation fails with `reason`. */
  protected lost(reason: DeviceError): void {
    this.queue.failAll(reason)
    if (this.state !== 'closed' && this.state !== 'unavailable') this.transition('error', reason)
  }

  /** Marks the whole kind unavailable (library or adapter missing), with the reason. */
  protected markUnavailable(reason: DeviceError): void {
    this.queue.failAll(reason)
    this.transition('unavailable', reason)
  }

  run<T>(name: string, op: Operation<T>, options: OperationOptions = {}): Promise<T> {
    if (this.state !== 'ready' && this.state !== 'busy') {
      return Promise.reject(
        this.state === 'unavailable' && this.reason
          ? this.reason
          : new DeviceError('notOpen', { device: this.id, state: this.state }),
      )
    }
    return this.queue.enqueue<T>(
      name,
      async (ctx) => {
        try {
          return await op(ctx)
        } catch (err) {
          throw asDeviceError(err)
        }
      },
      {
        ...options,
        onProgress: (step, detail) => {
          options.onProgress?.(step, detail)
          this.emit('progress', { deviceId: this.id, operation: name, step, detail })
        },
      },
    )
  }

  protected transition(next: DeviceState, reason?: DeviceError): void {
    if (!deviceTransitions[this.state].includes(next)) {
      throw new Error(`device ${this.id}: illegal state change ${this.state} → ${next}`)
    }
    this.state = next
    this.reason = next === 'error' || next === 'unavailable' ? reason : undefined
    this.emit('status', this.status())
  }
}
