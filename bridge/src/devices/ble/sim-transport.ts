// A BleTransport whose "radio" is in-process simulated locks: the driver's bytes reach them unchanged.
import { DeviceError } from '../errors.ts'
import type { AdapterState, BleConnection, BlePeripheralInfo, BleTransport } from './transport.ts'

/** What a simulated lock offers the radio (SimulatedBleLock has exactly this shape). */
export interface SimulatedBlePeer {
  readonly mac: string
  readonly name: string
  write(chunk: Uint8Array): void
  onNotify(listener: (chunk: Uint8Array) => void): () => void
}

export class SimulatedBleTransport implements BleTransport {
  private readonly peers = new Map<
    string,
    { peer: SimulatedBlePeer; rssi: number; drop: Set<(e: Error) => void> }
  >()
  state: AdapterState = 'poweredOn'

  add(peer: SimulatedBlePeer, rssi = -60): void {
    this.peers.set(peer.mac, { peer, rssi, drop: new Set() })
  }

  /** The lock walks out of range: connections to it drop, scans no longer see it. */
  remove(mac: string): void {
    const p = this.peers.get(mac)
    if (!p) return
    this.peers.delete(mac)
    for (const drop of p.drop) drop(new Error(`${mac} out of range`))
  }

  async adapterState(): Promise<AdapterState> {
    return this.state
  }

  async scan(): Promise<BlePeripheralInfo[]> {
    return [...this.peers.values()].map(({ peer, rssi }) => ({ mac: peer.mac, name: peer.name, rssi }))
  }

  async connect(mac: string): Promise<BleConnection> {
    const p = this.peers.get(mac)
    if (!p) throw new DeviceError('notFound', { device: mac })
    const unsubscribers: (() => void)[] = []
    const disconnectListeners: ((cause: Error) => void)[] = []
    const drop = (cause: Error) => {
      for (const u of unsubscribers.splice(0)) u()
      for (const l of disconnectListeners) l(cause)
    }
    p.drop.add(drop)
    return {
      write: async (chunk) => {
        if (!this.peers.has(mac)) throw new Error(`${mac} out of range`)
        const copy = chunk.slice()
        setImmediate(() => p.peer.write(copy))
      },
      onNotify: (listener) => unsubscribers.push(p.peer.onNotify(listener)),
      onDisconnect: (listener) => disconnectListeners.push(listener),
      disconnect: async () => {
        p.drop.delete(drop)
        for (const u of unsubscribers.splice(0)) u()
      },
    }
  }
}
