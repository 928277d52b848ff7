// The device registry: scans its sources, attaches and opens what appears, detaches what vanishes,
// reopens a lost device with backoff, and re-emits every device's events on one emitter.
import { EventEmitter } from 'node:events'
import type { DeviceDriver, DeviceEvents, DeviceKind, DeviceStatus } from './driver.ts'
import { asDeviceError, type DeviceError, type DeviceErrorInfo } from './errors.ts'
import type { DeviceSource } from './sources.ts'

export interface RegistryEvents extends DeviceEvents {
  attached: [DeviceStatus]
  detached: [{ id: string; kind: DeviceKind; reason: string }]
  kind: [KindStatus]
}

export interface KindStatus {
  kind: DeviceKind
  available: boolean
  reason?: DeviceErrorInfo
}

export interface RegistryOptions {
  sources: DeviceSource[]
  /** How often to look for plugged and unplugged devices; 0 scans only on `rescan()`. */
  rescanMs?: number
  backoff?: { initialMs?: number; maxMs?: number }
}

interface Entry {
  device: DeviceDriver
  source: DeviceSource
  signature?: string
  detach: () => void
  retryTimer: ReturnType<typeof setTimeout> | null
  retryDelay: number
}

export class DeviceRegistry extends EventEmitter<RegistryEvents> {
  private readonly entries = new Map<string, Entry>()
  private readonly kinds = new Map<DeviceKind, KindStatus>()
  private timer: ReturnType<typeof setInterval> | null = null
  private scanning: Promise<void> | null = null
  private readonly initialDelay: number
  private readonly maxDelay: number

  constructor(private readonly options: RegistryOptions) {
    super()
    this.initialDelay = options.backoff?.initialMs ?? 250
    this.maxDelay = options.backoff?.maxMs ?? 10_000
  }

  async start(): Promise<void> {
    await this.rescan()
    const every = this.options.rescanMs ?? 2000
    if (every > 0) {
      this.timer = setInterval(() => void this.rescan(), every)
      this.timer.unref?.()
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.scanning
    await Promise.all([...this.entries.keys()].map((id) => this.remove(id, 'stopped')))
  }

  list(): DeviceStatus[] {
    return [...this.entries.values()].map((e) => e.device.status())
  }

  kindStatus(): KindStatus[] {
    return [...this.kinds.values()]
  }

  get(id: string): DeviceDriver | undefined {
    return this.entries.get(id)?.device
  }

  /** The device of a kind to use when the caller names none: the first ready one, else the first. */
  pick(kind: DeviceKind, accept: (device: DeviceDriver) => boolean = () => true): DeviceDriver | undefined {
    const all = [...this.entries.values()].map((e) => e.device).filter((d) => d.kind === kind && accept(d))
    return all.find((d) => d.status().state === 'ready') ?? all[0]
  }

  /**
   * Runs `fn` with the device of `id` closed (a port test needs the port to itself), then opens it again. Without such
   * a device `fn` just runs.
   */
  async whileClosed<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(id)
    if (!entry) return fn()
    if (entry.retryTimer) clearTimeout(entry.retryTimer)
    entry.retryTimer = null
    await entry.device.close()
    try {
      return await fn()
    } finally {
      if (this.entries.get(id) === entry) void this.openEntry(entry)
    }
  }

  /** One scan of every source; concurrent calls share it. */
  rescan(): Promise<void> {
    this.scanning ??= this.scanAll().finally(() => {
      this.scanning = null
    })
    return this.scanning
  }

  private async scanAll(): Promise<void> {
    for (const source of this.options.sources) {
      const result = await source.scan().catch((err: unknown) => ({
        available: false as const,
        reason: asDeviceError(err, 'unavailable'),
      }))
      this.noteKind(source.kind, result.available ? undefined : result.reason)
      if (!result.available) continue
      const present = new Set(result.found.map((f) => f.id))
      for (const [id, entry] of this.entries) {
        if (entry.source === source && !present.has(id)) await this.remove(id, 'unplugged')
      }
      for (const found of result.found) {
        const known = this.entries.get(found.id)
        // Set up differently now (port settings saved): closed and opened again as set.
        if (known && known.signature !== found.signature) await this.remove(found.id, 'reconfigured')
        if (!this.entries.has(found.id)) this.attach(found.create(), source, found.signature)
      }
    }
  }

  private noteKind(kind: DeviceKind, reason?: DeviceError): void {
    const next: KindStatus = { kind, available: !reason, reason: reason?.toJSON() }
    const before = this.kinds.get(kind)
    if (before && before.available === next.available && before.reason?.message === next.reason?.message)
      return
    this.kinds.set(kind, next)
    this.emit('kind', next)
  }

  private attach(device: DeviceDriver, source: DeviceSource, signature?: string): void {
    const forward = <E extends keyof DeviceEvents>(event: E) => {
      const listener = (...args: DeviceEvents[E]) =>
        (this.emit as (e: E, ...a: DeviceEvents[E]) => boolean)(event, ...args)
      device.on(event, listener)
      return () => device.off(event, listener)
    }
    const offs = (['status', 'progress', 'result', 'card'] as const).map(forward)
    const onStatus = (s: DeviceStatus) => {
      if (s.state === 'error') this.scheduleReopen(device.id)
    }
    device.on('status', onStatus)
    const entry: Entry = {
      device,
      source,
      signature,
      retryTimer: null,
      retryDelay: this.initialDelay,
      detach: () => {
        for (const off of offs) off()
        device.off('status', onStatus)
      },
    }
    this.entries.set(device.id, entry)
    this.emit('attached', device.status())
    void this.openEntry(entry)
  }

  private async openEntry(entry: Entry): Promise<void> {
    try {
      await entry.device.open()
      entry.retryDelay = this.initialDelay
    } catch {
      // The device is now in error (or unavailable); its status says why. Error schedules a reopen.
    }
  }

  /** Exponential backoff: a device that keeps failing is retried less and less often, up to maxMs. */
  private scheduleReopen(id: string): void {
    const entry = this.entries.get(id)
    if (!entry || entry.retryTimer) return
    const delay = entry.retryDelay
    entry.retryDelay = Math.min(delay * 2, this.maxDelay)
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null
      if (this.entries.get(id) === entry && entry.device.status().state === 'error')
        void this.openEntry(entry)
    }, delay)
    entry.retryTimer.unref?.()
  }

  private async remove(id: string, reason: string): Promise<void> {
    const entry = this.entries.get(id)
    if (!entry) return
    this.entries.delete(id)
    if (entry.retryTimer) clearTimeout(entry.retryTimer)
    await entry.device.close().catch(() => {})
    entry.detach()
    this.emit('detached', { id, kind: entry.device.kind, reason })
  }
}
