// One-at-a-time operation queue for a device, with per-operation timeout and cancellation.
import { DeviceError } from './errors.ts'

export interface OperationContext {
  /** Aborted on caller cancel, timeout, or device close/unplug; `signal.reason` is a DeviceError. */
  readonly signal: AbortSignal
  /** Reports a step of a long operation (written sector 3 of 4, …). */
  progress(step: string, detail?: Record<string, unknown>): void
}

export interface OperationOptions {
  signal?: AbortSignal
  /** Milliseconds from when the operation starts running (not from when it was queued). */
  timeoutMs?: number
  onProgress?: (step: string, detail?: Record<string, unknown>) => void
  /**
   * A housekeeping operation (the card-presence watch): it still runs one at a time with the rest, but the device
   * is not reported busy for it and no result event is emitted, so the console does not flicker every poll.
   */
  background?: boolean
}

export type Operation<T> = (ctx: OperationContext) => Promise<T>

export interface QueueHooks {
  limit?: number
  defaultTimeoutMs?: number
  /** Called as an operation starts running; a throw fails that operation without running it. */
  onStart?: (name: string, background: boolean) => void
  /** Called once the operation has settled or been aborted, before the next one starts. */
  onEnd?: (name: string, ms: number, error: unknown, background: boolean) => void
}

interface Pending {
  name: string
  run: () => Promise<void>
  reject: (err: DeviceError) => void
  signal?: AbortSignal
  onAbort?: () => void
}

export class OperationQueue {
  private readonly waiting: Pending[] = []
  private running: { name: string; controller: AbortController } | null = null

  private readonly limit: number
  private readonly defaultTimeoutMs: number

  constructor(private readonly hooks: QueueHooks = {}) {
    this.limit = hooks.limit ?? 16
    this.defaultTimeoutMs = hooks.defaultTimeoutMs ?? 10_000
  }

  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0)
  }

  get current(): string | null {
    return this.running?.name ?? null
  }

  /** Queues an operation; the returned promise settles with its result or a DeviceError. */
  enqueue<T>(name: string, op: Operation<T>, options: OperationOptions = {}): Promise<T> {
    if (options.signal?.aborted) return Promise.reject(cancelled(name, options.signal))
    if (this.waiting.length >= this.limit) {
      return Promise.reject(new DeviceError('queueFull', { operation: name, limit: this.limit }))
    }
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        name,
        signal: options.signal,
        reject,
        run: () => this.execute(name, op, options).then(resolve, reject),
      }
      if (options.signal) {
        entry.onAbort = () => {
          const i = this.waiting.indexOf(entry)
          if (i >= 0) {
            this.waiting.splice(i, 1)
            reject(cancelled(name, options.signal!))
          }
        }
        options.signal.addEventListener('abort', entry.onAbort, { once: true })
      }
      this.waiting.push(entry)
      this.pump()
    })
  }

  /** Fails every waiting operation and aborts the running one with `reason`. */
  failAll(reason: DeviceError): void {
    for (const entry of this.waiting.splice(0)) {
      if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort)
      entry.reject(reason)
    }
    this.running?.controller.abort(reason)
  }

  private pump(): void {
    if (this.running) return
    const next = this.waiting.shift()
    if (!next) return
    if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort)
    void next.run().finally(() => {
      this.running = null
      this.pump()
    })
  }

  private async execute<T>(name: string, op: Operation<T>, options: OperationOptions): Promise<T> {
    const controller = new AbortController()
    this.running = { name, controller }
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs
    const timer = setTimeout(
      () => controller.abort(new DeviceError('timeout', { operation: name, ms: timeoutMs })),
      timeoutMs,
    )
    const onCallerAbort = () => controller.abort(cancelled(name, options.signal!))
    options.signal?.addEventListener('abort', onCallerAbort, { once: true })
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(controller.signal.reason)
      if (controller.signal.aborted) fail()
      else controller.signal.addEventListener('abort', fail, { once: true })
    })
    aborted.catch(() => {})
    const startedAt = performance.now()
    let failure: unknown
    try {
      this.hooks.onStart?.(name, options.background === true)
      const ctx: OperationContext = {
        signal: controller.signal,
        progress: (step, detail) => options.onProgress?.(step, detail),
      }
      // The abort wins even when the operation itself ignores the signal.
      return await Promise.race([op(ctx), aborted])
    } catch (err) {
      failure = controller.signal.aborted ? controller.signal.reason : err
      throw failure
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onCallerAbort)
      this.hooks.onEnd?.(name, performance.now() - startedAt, failure, options.background === true)
    }
  }
}

function cancelled(name: string, signal: AbortSignal): DeviceError {
  if (signal.reason instanceof DeviceError) return signal.reason
  return new DeviceError('cancelled', { operation: name })
}
