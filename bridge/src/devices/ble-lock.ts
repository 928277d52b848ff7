// The BLE v3 lock driver: one lock over a BleTransport (noble or the simulator). It moves bytes in
// 20-byte writes and collects notifications; the frame codec (protocol/src/ble) decides what a reply is.

import {
  adapterUnavailable,
  type BleConnection,
  type BleTransport,
  type GattProfile,
} from './ble/transport.ts'
import { DeviceBase, DeviceKind, type OperationOptions } from './driver.ts'
import { DeviceError } from './errors.ts'
import type { DeviceSource } from './sources.ts'

export interface BleLockOptions {
  mac: string
  transport: BleTransport
  profile: GattProfile
  /** Bytes per write: the ATT MTU less 3. */
  chunkSize?: number
  simulated?: boolean
}

export class BleLockDevice extends DeviceBase {
  private connection: BleConnection | null = null
  private collector: ((chunk: Uint8Array) => void) | null = null
  private readonly transport: BleTransport
  private readonly profile: GattProfile
  private readonly chunkSize: number
  readonly mac: string

  constructor(options: BleLockOptions) {
    super({
      id: `ble-lock:${options.mac}`,
      kind: DeviceKind.bleLock,
      path: options.mac,
      simulated: options.simulated,
    })
    this.mac = options.mac
    this.transport = options.transport
    this.profile = options.profile
    this.chunkSize = options.chunkSize ?? 20
  }

  protected async connect(signal: AbortSignal): Promise<void> {
    const state = await this.transport.adapterState()
    this.info = { adapter: state }
    const unavailable = adapterUnavailable(state)
    if (unavailable) throw unavailable
    const connection = await this.transport.connect(this.mac, this.profile, signal)
    connection.onNotify((chunk) => this.collector?.(chunk))
    connection.onDisconnect((cause) => {
      this.connection = null
      this.lost(new DeviceError('disconnected', { device: this.id, detail: cause.message }))
    })
    this.connection = connection
  }

  protected async disconnect(): Promise<void> {
    const c = this.connection
    this.connection = null
    await c?.disconnect()
  }

  /**
   * Writes a command frame and feeds each notification to `collect` until it returns the reply.
   * One exchange at a time per lock (the driver queue), with the usual timeout and cancellation.
   */
  exchange<T>(
    name: string,
    frame: Uint8Array,
    collect: (chunk: Uint8Array) => T | undefined,
    options?: OperationOptions,
  ) {
    return this.run<T>(
      name,
      (ctx) =>
        new Promise<T>((resolve, reject) => {
          const connection = this.connection
          if (!connection) return reject(new DeviceError('notOpen', { device: this.id }))
          ctx.signal.addEventListener('abort', () => {
            this.collector = null
            reject(ctx.signal.reason)
          })
          this.collector = (chunk) => {
            try {
              const reply = collect(chunk)
              if (reply === undefined) return
              this.collector = null
              resolve(reply)
            } catch (err) {
              this.collector = null
              reject(err)
            }
          }
          void (async () => {
            for (let at = 0; at < frame.length; at += this.chunkSize) {
              await connection.write(frame.subarray(at, at + this.chunkSize))
              ctx.progress('written', {
                bytes: Math.min(at + this.chunkSize, frame.length),
                of: frame.length,
              })
            }
          })().catch((err: Error) =>
            reject(new DeviceError('disconnected', { device: this.id, detail: err.message })),
          )
        }),
      { timeoutMs: 5000, ...options },
    )
  }
}

export type RadioLoad = { ok: true; transport: BleTransport } | { ok: false; reason: DeviceError }

/**
 * The BLE lock kind on real hardware: available while the radio loads and its adapter is powered on, otherwise
 * unavailable with the reason (library missing, no adapter, adapter off, no permission). Locks themselves are
 * connected on first use by MAC, so this source reports the kind and finds no devices.
 */
export function bleAdapterSource(load: () => Promise<RadioLoad>): DeviceSource {
  return {
    kind: DeviceKind.bleLock,
    async scan() {
      const loaded = await load()
      if (!loaded.ok) return { available: false, reason: loaded.reason }
      const reason = adapterUnavailable(await loaded.transport.adapterState())
      return reason ? { available: false, reason } : { available: true, found: [] }
    },
  }
}
