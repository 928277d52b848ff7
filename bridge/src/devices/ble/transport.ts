// What the BLE lock driver needs from a radio: adapter state, scan, connect, one service with a write
// and a notify characteristic. Backed by noble on real hardware, by simulated locks in tests and demo.

import { DeviceError } from '../errors.ts'

export const AdapterState = {
  poweredOn: 'poweredOn',
  poweredOff: 'poweredOff',
  unauthorized: 'unauthorized',
  unsupported: 'unsupported',
  resetting: 'resetting',
  unknown: 'unknown',
} as const
export type AdapterState = (typeof AdapterState)[keyof typeof AdapterState]

/** What a person is told for each adapter state in which locks cannot be reached (a language-pack key). */
const ADAPTER_UNAVAILABLE: Record<Exclude<AdapterState, 'poweredOn'>, string> = {
  poweredOff: 'device.ble.adapterOff',
  unauthorized: 'device.ble.unauthorized',
  unsupported: 'device.ble.noAdapter',
  resetting: 'device.ble.resetting',
  unknown: 'device.ble.noAdapter',
}

/** Why the BLE lock kind cannot be used with the adapter in this state; null when it can. */
export function adapterUnavailable(state: AdapterState): DeviceError | null {
  if (state === 'poweredOn') return null
  return new DeviceError('unavailable', {
    library: 'bluetooth',
    detail: state,
    detailKey: ADAPTER_UNAVAILABLE[state],
  })
}

export interface BlePeripheralInfo {
  /** 12 upper-case hex digits, no separators. */
  mac: string
  name?: string
  rssi?: number
}

export interface GattProfile {
  service: string
  write: string
  notify: string
}

export interface BleConnection {
  write(chunk: Uint8Array): Promise<void>
  onNotify(listener: (chunk: Uint8Array) => void): void
  onDisconnect(listener: (cause: Error) => void): void
  disconnect(): Promise<void>
}

export interface BleTransport {
  adapterState(): Promise<AdapterState>
  scan(options: {
    durationMs: number
    serviceUuids?: string[]
    signal?: AbortSignal
  }): Promise<BlePeripheralInfo[]>
  /** Connects and discovers the profile's service and characteristics, subscribing to notify. */
  connect(mac: string, profile: GattProfile, signal?: AbortSignal): Promise<BleConnection>
}
