// The BleTransport over @abandonware/noble, imported lazily: without the library or a Bluetooth adapter
// the BLE lock kind is unavailable, with the reason.
import { DeviceError } from '../errors.ts'
import type {
  AdapterState,
  BleConnection,
  BlePeripheralInfo,
  BleTransport,
  GattProfile,
} from './transport.ts'

interface NobleCharacteristic {
  uuid: string
  writeAsync(data: Buffer, withoutResponse: boolean): Promise<void>
  subscribeAsync(): Promise<void>
  on(event: 'data', listener: (data: Buffer) => void): void
}
interface NoblePeripheral {
  address: string
  rssi: number
  advertisement: { localName?: string }
  connectAsync(): Promise<void>
  disconnectAsync(): Promise<void>
  once(event: 'disconnect', listener: () => void): void
  discoverSomeServicesAndCharacteristicsAsync(
    services: string[],
    characteristics: string[],
  ): Promise<{ characteristics: NobleCharacteristic[] }>
}
interface Noble {
  state: string
  on(event: 'discover', listener: (p: NoblePeripheral) => void): void
  removeListener(event: 'discover', listener: (p: NoblePeripheral) => void): void
  once(event: 'stateChange', listener: (state: string) => void): void
  startScanningAsync(uuids?: string[], allowDuplicates?: boolean): Promise<void>
  stopScanningAsync(): Promise<void>
}

export type NobleLoad = { ok: true; transport: BleTransport } | { ok: false; reason: DeviceError }

const NOBLE = '@abandonware/noble'

/**
 * Imports noble on first use. On Linux its import already opens an HCI socket: a kernel without Bluetooth
 * (EAFNOSUPPORT) means there is no adapter to use, which is said so rather than as the socket error.
 */
export async function loadNobleTransport(moduleName = NOBLE): Promise<NobleLoad> {
  try {
    const mod = (await import(moduleName)) as { default?: Noble } & Noble
    return { ok: true, transport: new NobleTransport(mod.default ?? mod) }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EAFNOSUPPORT')
      return {
        ok: false,
        reason: new DeviceError('unavailable', {
          library: moduleName,
          detail: (err as Error).message,
          detailKey: 'device.ble.noAdapter',
        }),
      }
    const detail = code === 'ERR_MODULE_NOT_FOUND' ? 'library not installed' : (err as Error).message
    return { ok: false, reason: new DeviceError('unavailable', { library: moduleName, detail }) }
  }
}

const macOf = (address: string) => address.replace(/[:-]/g, '').toUpperCase()
const uuid = (u: string) => u.replace(/-/g, '').toLowerCase()

class NobleTransport implements BleTransport {
  private readonly seen = new Map<string, NoblePeripheral>()

  constructor(private readonly noble: Noble) {}

  async adapterState(): Promise<AdapterState> {
    let state: string
    try {
      // The first read opens the adapter; with none (ENODEV) or no permission (EPERM) it throws.
      state = this.noble.state
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      return code === 'EPERM' || code === 'EACCES' ? 'unauthorized' : 'unsupported'
    }
    if (state === 'unknown') {
      // noble reports the adapter asynchronously after loading.
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 2000)
        this.noble.once('stateChange', () => {
          clearTimeout(t)
          resolve()
        })
      })
    }
    return this.noble.state as AdapterState
  }

  async scan(options: {
    durationMs: number
    serviceUuids?: string[]
    signal?: AbortSignal
  }): Promise<BlePeripheralInfo[]> {
    const found = new Map<string, BlePeripheralInfo>()
    const onDiscover = (p: NoblePeripheral) => {
      const mac = macOf(p.address)
      this.seen.set(mac, p)
      found.set(mac, { mac, name: p.advertisement.localName, rssi: p.rssi })
    }
    this.noble.on('discover', onDiscover)
    try {
      await this.noble.startScanningAsync(options.serviceUuids?.map(uuid), false)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, options.durationMs)
        options.signal?.addEventListener('abort', () => {
          clearTimeout(t)
          resolve()
        })
      })
    } finally {
      this.noble.removeListener('discover', onDiscover)
      await this.noble.stopScanningAsync().catch(() => {})
    }
    return [...found.values()]
  }

  async connect(mac: string, profile: GattProfile): Promise<BleConnection> {
    const p = this.seen.get(mac)
    if (!p) throw new DeviceError('notFound', { device: mac })
    await p.connectAsync()
    const { characteristics } = await p.discoverSomeServicesAndCharacteristicsAsync(
      [uuid(profile.service)],
      [uuid(profile.write), uuid(profile.notify)],
    )
    const write = characteristics.find((c) => c.uuid === uuid(profile.write))
    const notify = characteristics.find((c) => c.uuid === uuid(profile.notify))
    if (!write || !notify) {
      await p.disconnectAsync().catch(() => {})
      throw new DeviceError('protocol', { device: mac, detail: 'lock service or characteristics missing' })
    }
    await notify.subscribeAsync()
    let closing = false
    return {
      write: (chunk) => write.writeAsync(Buffer.from(chunk), false),
      onNotify: (listener) => notify.on('data', (data) => listener(new Uint8Array(data))),
      onDisconnect: (listener) =>
        p.once('disconnect', () => {
          if (!closing) listener(new Error(`${mac} disconnected`))
        }),
      disconnect: async () => {
        closing = true
        await p.disconnectAsync()
      },
    }
  }
}
