import assert from 'node:assert/strict'
import { fromHex, toHex, trailerOf } from '@pms/protocol/pn532/index'
import { describe, it } from 'vitest'
import type { DeviceError } from './errors.ts'
import { fromReport, toReports } from './hid/report-link.ts'
import { HidPn532Encoder, hidEncoderSource, loadNodeHid } from './hid-encoder.ts'
import { DeviceRegistry } from './registry.ts'
import { oneSectorPlan } from './sim/fixtures.ts'
import { SimulatedHidLibrary } from './sim/hid-encoder.ts'
import { SimulatedPn532 } from './sim/pn532.ts'
import { VirtualMifareCard } from './sim/virtual-card.ts'

describe('HID report framing', () => {
  it('puts the length first and splits past 63 bytes', () => {
    const [one] = toReports(fromHex('00 00 FF 00 FF 00'))
    assert.equal(one.length, 64)
    assert.equal(toHex(one.subarray(0, 8)), '06 00 00 FF 00 FF 00 00')
    const many = toReports(new Uint8Array(100).fill(7))
    assert.deepEqual(
      many.map((r) => r[0]),
      [63, 37],
    )
    assert.equal(fromReport(many[1]).length, 37)
    assert.equal(fromReport(Uint8Array.of(200, 1, 2)).length, 2)
  })
})

describe('HID encoder against the simulated HID encoder', () => {
  it('issues a card through 64-byte reports', async () => {
    const lib = new SimulatedHidLibrary()
    const chip = new SimulatedPn532()
    lib.add('hid-sim-0', chip)
    const encoder = new HidPn532Encoder({ id: 'hid-encoder:hid-sim-0', path: 'hid-sim-0', library: lib })
    await encoder.open()
    assert.equal(encoder.status().info?.firmware, '1.6')
    const card = new VirtualMifareCard(fromHex('12345678'))
    chip.placeCard(card)
    await encoder.issue(oneSectorPlan(1, { keyA: 'A1A2A3A4A5A6', keyB: 'B1B2B3B4B5B6' }, 0x30))
    assert.equal(toHex(card.dump()[trailerOf(1)], ''), 'A1A2A3A4A5A67F078869B1B2B3B4B5B6')
    await encoder.close()
  })

  it('fails the operation in flight when the HID device is unplugged', async () => {
    const lib = new SimulatedHidLibrary()
    const chip = new SimulatedPn532({ cardExchangeMs: 3 })
    lib.add('hid-sim-1', chip)
    const encoder = new HidPn532Encoder({ id: 'hid-encoder:hid-sim-1', path: 'hid-sim-1', library: lib })
    await encoder.open()
    chip.placeCard(new VirtualMifareCard(fromHex('12345679')))
    const issuing = encoder.issue(oneSectorPlan(1, { keyA: 'A1A2A3A4A5A6', keyB: 'B1B2B3B4B5B6' }, 1), {
      onProgress: (s) => s === 'selected' && setTimeout(() => lib.unplug('hid-sim-1'), 2),
    })
    await assert.rejects(issuing, (e: DeviceError) => e.code === 'disconnected')
    assert.equal(encoder.status().state, 'error')
  })

  it('is reported unavailable, with the reason, when node-hid is not installed', async () => {
    const load = await loadNodeHid('node-hid-not-installed-here')
    assert.equal(load.ok, false)
    if (load.ok) return
    assert.equal(load.reason.code, 'unavailable')
    assert.equal(load.reason.params.detail, 'library not installed')
    const registry = new DeviceRegistry({
      sources: [hidEncoderSource({ load: () => loadNodeHid('node-hid-not-installed-here') })],
      rescanMs: 0,
    })
    await registry.start()
    const [kind] = registry.kindStatus()
    assert.equal(kind.available, false)
    assert.equal(kind.reason?.messageKey, 'device.error.unavailable')
    await registry.stop()
  })

  it('is found by VID/PID through the registry', async () => {
    const lib = new SimulatedHidLibrary()
    lib.add('hid-sim-2', new SimulatedPn532())
    lib.add('hid-other', new SimulatedPn532(), 0x046d, 0xc077)
    const registry = new DeviceRegistry({
      sources: [hidEncoderSource({ load: async () => ({ ok: true, library: lib }) })],
      rescanMs: 0,
    })
    await registry.start()
    assert.deepEqual(
      registry.list().map((d) => d.id),
      ['hid-encoder:hid-sim-2'],
    )
    await registry.stop()
  })
})
