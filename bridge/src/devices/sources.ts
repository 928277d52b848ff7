// Where devices come from: a source scans for what is plugged in now (serial ports by VID/PID, HID
// paths, a static list) and says how to make a driver for each. A source whose library is missing
// reports its kind unavailable, with the reason.
import { DEFAULT_PORT_BAUD_RATE, type PortSetting } from '@pms/protocol/api/bridge-devices'
import type { BindingInterface } from '@serialport/bindings-interface'
import type { DeviceDriver, DeviceKind } from './driver.ts'
import { DeviceError } from './errors.ts'
import { listSerialPorts } from './pn532/serial-link.ts'
import { Pn532SerialEncoder } from './pn532-serial.ts'

export interface Discovered {
  /** Stable id: the same device plugged back gets the same id. */
  id: string
  path?: string
  /** How it is set up (role, baud rate): a device found again with another signature is reopened with it. */
  signature?: string
  create(): DeviceDriver
}

export type ScanResult = { available: true; found: Discovered[] } | { available: false; reason: DeviceError }

export interface DeviceSource {
  readonly kind: DeviceKind
  scan(): Promise<ScanResult>
}

export interface UsbId {
  vendorId: string
  productId: string
  name?: string
}

/** USB-serial bridges PN532 boards ship with. Configurable: a site may add its own. */
export const KNOWN_PN532_ADAPTERS: readonly UsbId[] = [
  { vendorId: '1a86', productId: '7523', name: 'CH340' },
  { vendorId: '10c4', productId: 'ea60', name: 'CP210x' },
  { vendorId: '0403', productId: '6001', name: 'FTDI FT232R' },
  { vendorId: '067b', productId: '2303', name: 'PL2303' },
]

export const matchesUsbId = (ids: readonly UsbId[], vendorId?: string, productId?: string) =>
  ids.some((id) => id.vendorId === vendorId?.toLowerCase() && id.productId === productId?.toLowerCase())

export interface SerialSourceOptions {
  binding?: BindingInterface
  adapters?: readonly UsbId[]
  cardWatchMs?: number
  simulated?: boolean
  /** The port settings now (bridge.json devicePorts): read at each scan, so a saved change applies at the next. */
  settings?: () => readonly PortSetting[]
}

export function serialPn532Source(options: SerialSourceOptions = {}): DeviceSource {
  const adapters = options.adapters ?? KNOWN_PN532_ADAPTERS
  return {
    kind: 'pn532-serial',
    async scan() {
      let ports: Awaited<ReturnType<typeof listSerialPorts>>
      try {
        ports = await listSerialPorts(options.binding)
      } catch (err) {
        const reason = new DeviceError('unavailable', {
          library: 'serialport',
          detail: (err as Error).message,
        })
        return { available: false, reason }
      }
      const settings = options.settings?.() ?? []
      const found: Discovered[] = []
      for (const p of ports) {
        const setting = settings.find((x) => x.path === p.path)
        // A port set by hand is used as set ('off': left alone); others only when they look like a PN532 adapter.
        if (setting ? setting.role === 'off' : !matchesUsbId(adapters, p.vendorId, p.productId)) continue
        const role = setting?.role === 'reader' ? 'reader' : 'encoder'
        const baudRate = setting?.baudRate ?? DEFAULT_PORT_BAUD_RATE
        const id = `pn532-serial:${p.path}`
        found.push({
          id,
          path: p.path,
          signature: `${role}@${baudRate}`,
          create: () =>
            new Pn532SerialEncoder({
              id,
              path: p.path,
              binding: options.binding,
              cardWatchMs: options.cardWatchMs,
              simulated: options.simulated,
              baudRate,
              role,
            }),
        })
      }
      return { available: true, found }
    },
  }
}

/** Devices that are always there (simulators, configured BLE locks). */
export function staticSource(kind: DeviceKind, devices: () => DeviceDriver[]): DeviceSource {
  return {
    kind,
    async scan() {
      return { available: true, found: devices().map((d) => ({ id: d.id, create: () => d })) }
    },
  }
}
