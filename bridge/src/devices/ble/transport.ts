// What the BLE lock driver needs from a radio: adapter state, scan, connect, one service with a write
// and a notify characteristic. Backed by noble on real hardware, by simulated locks in tests and demo.

export const AdapterState = {
  poweredOn: 'poweredOn',
  poweredOff: 'poweredOff',
  unauthorized: 'unauthorized',
  unsupported: 'unsupported',
  resetting: 'resetting',
  unknown: 'unknown',
} as const
export type AdapterState = (typeof AdapterState)[keyof typeof AdapterState]

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
