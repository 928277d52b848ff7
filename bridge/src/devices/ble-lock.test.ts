import assert from 'node:assert/strict'
import { describe, it } from 'vitest'
import { loadNobleTransport } from './ble/noble-transport.ts'
import { type SimulatedBlePeer, SimulatedBleTransport } from './ble/sim-transport.ts'
import { BleLockDevice } from './ble-lock.ts'
import type { DeviceError } from './errors.ts'

const PROFILE = { service: 'b1e30001', write: 'b1e30002', notify: 'b1e30003' }

/** A peer that answers each complete 0xA5-led, length-prefixed message with its bytes reversed, in 20-byte notifications. */
class ReversingPeer implements SimulatedBlePeer {
  readonly name = 'PMSL-TEST'
  private readonly listeners = new Set<(c: Uint8Array) => void>()
  private buf: number[] = []
  constructor(readonly mac: string) {}
  write(chunk: Uint8Array): void {
    this.buf.push(...chunk)
    if (this.buf.length >= 2 && this.buf.length >= this.buf[1] + 2) {
      const reply = Uint8Array.from(this.buf.splice(0, this.buf[1] + 2).reverse())
      for (let at = 0; at < reply.length; at += 20)
        for (const l of this.listeners) l(reply.slice(at, at + 20))
    }
  }
  onNotify(listener: (c: Uint8Array) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

function collector(total: number) {
  const got: number[] = []
  return (chunk: Uint8Array) => {
    got.push(...chunk)
    return got.length >= total ? Uint8Array.from(got) : undefined
  }
}

describe('BLE lock driver over a BleTransport', () => {
  it('writes in 20-byte chunks and collects a multi-notification reply', async () => {
    const radio = new SimulatedBleTransport()
    radio.add(new ReversingPeer('A1B2C3D4E5F6'))
    assert.deepEqual(await radio.scan(), [{ mac: 'A1B2C3D4E5F6', name: 'PMSL-TEST', rssi: -60 }])
    const lock = new BleLockDevice({
      mac: 'A1B2C3D4E5F6',
      transport: radio,
      profile: PROFILE,
      simulated: true,
    })
    await lock.open()
    assert.equal(lock.status().info?.adapter, 'poweredOn')
    const frame = Uint8Array.from({ length: 45 }, (_, i) => i)
    frame[0] = 0xa5
    frame[1] = 43
    const progress: unknown[] = []
    const reply = await lock.exchange('status', frame, collector(45), {
      onProgress: (_s, d) => progress.push(d),
    })
    assert.deepEqual([...reply], [...frame].reverse())
    assert.deepEqual(progress, [
      { bytes: 20, of: 45 },
      { bytes: 40, of: 45 },
      { bytes: 45, of: 45 },
    ])
    await lock.close()
  })

  it('times out when the lock does not answer and fails in flight when it goes out of range', async () => {
    const radio = new SimulatedBleTransport()
    radio.add(new ReversingPeer('0A0B0C0D0E0F'))
    const lock = new BleLockDevice({ mac: '0A0B0C0D0E0F', transport: radio, profile: PROFILE })
    await lock.open()
    await assert.rejects(
      lock.exchange('status', Uint8Array.of(0xa5, 5, 1), collector(7), { timeoutMs: 30 }),
      (e: DeviceError) => e.code === 'timeout' && e.params.operation === 'status',
    )
    const pending = lock.exchange('unlock', Uint8Array.of(0xa5, 9), collector(11))
    setTimeout(() => radio.remove('0A0B0C0D0E0F'), 5)
    await assert.rejects(pending, (e: DeviceError) => e.code === 'disconnected')
    assert.equal(lock.status().state, 'error')
  })

  it('reports the adapter state when Bluetooth is off, and noble missing as unavailable', async () => {
    const radio = new SimulatedBleTransport()
    radio.state = 'poweredOff'
    const lock = new BleLockDevice({ mac: 'A1B2C3D4E5F6', transport: radio, profile: PROFILE })
    await assert.rejects(lock.open(), (e: DeviceError) => e.code === 'unavailable')
    assert.equal(lock.status().state, 'unavailable')
    assert.equal(lock.status().reason?.params.detail, 'poweredOff')
    assert.equal(lock.status().reason?.params.detailKey, 'device.ble.adapterOff')
    const noble = await loadNobleTransport('@abandonware/noble-absent')
    assert.ok(!noble.ok && noble.reason.params.detail === 'library not installed')
  })
})
