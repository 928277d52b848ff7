import assert from 'node:assert/strict'
import { once } from 'node:events'
import { fromHex } from '@pms/protocol/pn532/index'
import { describe, it } from 'vitest'
import type { DeviceError } from './errors.ts'
import { DeviceError as DeviceErrorClass } from './errors.ts'
import type { Pn532EncoderDevice } from './pn532/device.ts'
import { DeviceRegistry } from './registry.ts'
import { oneSectorPlan } from './sim/fixtures.ts'
import { SimulatedPn532 } from './sim/pn532.ts'
import { SimulatedSerialBus } from './sim/serial-bus.ts'
import { VirtualMifareCard } from './sim/virtual-card.ts'
import { type DeviceSource, serialPn532Source } from './sources.ts'

const KEYS = { keyA: 'A1A2A3A4A5A6', keyB: 'B1B2B3B4B5B6' }

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('DeviceRegistry with hot-plug', () => {
  it('attaches only ports whose VID/PID is a known PN532 adapter, and opens them', async () => {
    const bus = new SimulatedSerialBus()
    bus.addPort('/dev/ttyREG0', new SimulatedPn532(), { vendorId: '10c4', productId: 'ea60' })
    bus.addPort('/dev/ttyREG1', new SimulatedPn532(), { vendorId: '2341', productId: '0043' })
    const registry = new DeviceRegistry({
      sources: [serialPn532Source({ binding: bus.binding })],
      rescanMs: 0,
    })
    await registry.start()
    await until(() => registry.list()[0]?.state === 'ready')
    assert.deepEqual(
      registry.list().map((d) => d.id),
      ['pn532-serial:/dev/ttyREG0'],
    )
    assert.deepEqual(registry.kindStatus(), [{ kind: 'pn532-serial', available: true, reason: undefined }])
    await registry.stop()
    assert.deepEqual(registry.list(), [])
  })

  it('fails the issue in flight on unplug, detaches, reattaches on replug and issues the next card', async () => {
    const bus = new SimulatedSerialBus()
    const chip = new SimulatedPn532({ cardExchangeMs: 3 })
    bus.addPort('/dev/ttyREG2', chip)
    const registry = new DeviceRegistry({
      sources: [serialPn532Source({ binding: bus.binding })],
      rescanMs: 20,
      backoff: { initialMs: 10, maxMs: 40 },
    })
    const events: string[] = []
    registry.on('attached', (s) => events.push(`attached ${s.id}`))
    registry.on('detached', (d) => events.push(`detached ${d.id} ${d.reason}`))
    await registry.start()
    const id = 'pn532-serial:/dev/ttyREG2'
    await until(() => registry.get(id)?.status().state === 'ready')
    chip.placeCard(new VirtualMifareCard(fromHex('A0A1A2A3')))
    const encoder = registry.get(id) as Pn532EncoderDevice
    const issuing = encoder.issue(oneSectorPlan(1, KEYS, 1), {
      onProgress: (step) => {
        if (step === 'selected') setTimeout(() => bus.unplug('/dev/ttyREG2'), 4)
      },
    })
    await assert.rejects(
      issuing,
      (e: DeviceError) => e instanceof DeviceErrorClass && e.code === 'disconnected',
    )
    await until(() => registry.get(id) === undefined)
    bus.replug('/dev/ttyREG2')
    await until(() => registry.get(id)?.status().state === 'ready')
    chip.removeCard()
    chip.placeCard(new VirtualMifareCard(fromHex('B0B1B2B3')))
    const info = await (registry.get(id) as Pn532EncoderDevice).issue(oneSectorPlan(1, KEYS, 2))
    assert.equal(info.uid, 'B0B1B2B3')
    assert.deepEqual(events, [`attached ${id}`, `detached ${id} unplugged`, `attached ${id}`])
    await registry.stop()
  })

  it('forwards card placed and removed from an encoder that watches its field', async () => {
    const bus = new SimulatedSerialBus()
    const chip = new SimulatedPn532()
    bus.addPort('/dev/ttyREG3', chip)
    const registry = new DeviceRegistry({
      sources: [serialPn532Source({ binding: bus.binding, cardWatchMs: 10 })],
      rescanMs: 0,
    })
    await registry.start()
    await until(() => registry.list()[0]?.state === 'ready')
    chip.placeCard(new VirtualMifareCard(fromHex('C0C1C2C3')))
    const [placed] = await once(registry, 'card')
    assert.deepEqual(placed, {
      deviceId: 'pn532-serial:/dev/ttyREG3',
      present: true,
      uid: 'C0C1C2C3',
      type: 'mifare-classic-1k',
    })
    chip.removeCard()
    const [removed] = await once(registry, 'card')
    assert.equal(removed.present, false)
    assert.equal(removed.uid, 'C0C1C2C3')
    await registry.stop()
  })

  it('reports a kind whose library is missing as unavailable, with the reason, and keeps the rest', async () => {
    const bus = new SimulatedSerialBus()
    bus.addPort('/dev/ttyREG4', new SimulatedPn532())
    const missing: DeviceSource = {
      kind: 'hid-encoder',
      scan: async () => ({
        available: false,
        reason: new DeviceErrorClass('unavailable', { library: 'node-hid', detail: 'not installed' }),
      }),
    }
    const registry = new DeviceRegistry({
      sources: [missing, serialPn532Source({ binding: bus.binding })],
      rescanMs: 0,
    })
    await registry.start()
    const hid = registry.kindStatus().find((k) => k.kind === 'hid-encoder')
    assert.equal(hid?.available, false)
    assert.equal(hid?.reason?.params.library, 'node-hid')
    await until(() => registry.list()[0]?.state === 'ready')
    await registry.stop()
  })

  it('reopens a device that failed to open, with backoff', async () => {
    const bus = new SimulatedSerialBus()
    const chip = new SimulatedPn532()
    bus.addPort('/dev/ttyREG5', chip)
    let opens = 0
    const source = serialPn532Source({ binding: bus.binding })
    const flaky: DeviceSource = {
      kind: source.kind,
      async scan() {
        const r = await source.scan()
        if (!r.available) return r
        return {
          available: true,
          found: r.found.map((f) => ({
            ...f,
            create: () => {
              const d = f.create()
              const open = d.open.bind(d)
              d.open = (signal) => {
                opens++
                if (opens < 3) bus.unplug('/dev/ttyREG5')
                else bus.replug('/dev/ttyREG5')
                return open(signal)
              }
              return d
            },
          })),
        }
      },
    }
    const registry = new DeviceRegistry({
      sources: [flaky],
      rescanMs: 0,
      backoff: { initialMs: 5, maxMs: 20 },
    })
    await registry.start()
    await until(() => registry.list()[0]?.state === 'ready')
    assert.equal(opens, 3)
    await registry.stop()
  })
})
