import assert from 'node:assert/strict'
import { fromHex, TRANSPORT_KEY, toHex, trailerOf } from '@pms/protocol/pn532/index'
import { describe, it } from 'vitest'
import type { DeviceError } from './errors.ts'
import { Pn532SerialEncoder } from './pn532-serial.ts'
import { oneSectorPlan } from './sim/fixtures.ts'
import { SimulatedPn532 } from './sim/pn532.ts'
import { SimulatedSerialBus } from './sim/serial-bus.ts'
import { VirtualMifareCard } from './sim/virtual-card.ts'
import { wireTimeMs } from './sim/wire.ts'

const KEYS = { keyA: 'A1A2A3A4A5A6', keyB: 'B1B2B3B4B5B6' }
let n = 0

async function rig(options: { wireBaudRate?: number | null; cardExchangeMs?: number } = {}) {
  const bus = new SimulatedSerialBus()
  const path = `/dev/ttySIM${n++}`
  const chip = new SimulatedPn532({ cardExchangeMs: options.cardExchangeMs })
  bus.addPort(path, chip, { wireBaudRate: options.wireBaudRate ?? null })
  const encoder = new Pn532SerialEncoder({ id: `pn532:${path}`, path, binding: bus.binding })
  await encoder.open()
  return { bus, path, chip, encoder }
}

describe('PN532 serial encoder against the simulated PN532 (mock binding)', () => {
  it('wakes the chip, configures it and reports its firmware', async () => {
    const { encoder, chip } = await rig()
    const seen: number[] = []
    chip.on('command', (c) => seen.push(c.command))
    assert.equal(encoder.status().state, 'ready')
    assert.deepEqual(encoder.status().info, {
      ic: 'PN532',
      firmware: '1.6',
      beep: false,
      role: 'encoder',
      baudRate: 115200,
    })
    assert.equal(await encoder.readCard(), null)
    assert.deepEqual(seen, [0x4a])
    await encoder.close()
    assert.equal(encoder.status().state, 'closed')
  })

  it('reads the UID, ATQA and SAK of a placed card, and null once it is removed', async () => {
    const { encoder, chip } = await rig()
    chip.placeCard(new VirtualMifareCard(fromHex('DEADBEEF')))
    assert.deepEqual(await encoder.readCard(), {
      uid: 'DEADBEEF',
      sensRes: '0004',
      selRes: 0x08,
      type: 'mifare-classic-1k',
    })
    chip.removeCard()
    assert.equal(await encoder.readCard(), null)
    await encoder.close()
  })

  it('issues a grant: writes blocks and new keys, then verifies with the new key', async () => {
    const { encoder, chip } = await rig()
    const card = new VirtualMifareCard(fromHex('01020304'))
    chip.placeCard(card)
    const steps: string[] = []
    const info = await encoder.issue(oneSectorPlan(2, KEYS, 0x40, undefined, card.uid), {
      onProgress: (step) => steps.push(step),
    })
    assert.equal(info.uid, '01020304')
    assert.deepEqual(steps, ['selected', 'written', 'verified'])
    const memory = card.dump()
    assert.equal(toHex(memory[8], ''), '40'.repeat(16))
    assert.equal(toHex(memory[10], ''), '42'.repeat(16))
    assert.equal(toHex(memory[trailerOf(2)], ''), 'A1A2A3A4A5A67F078869B1B2B3B4B5B6')
    // The transport key no longer opens that sector: the encoder reports the card's auth error.
    await assert.rejects(
      encoder.readSector(2, 'A', TRANSPORT_KEY),
      (e: DeviceError) => e.code === 'authFailed' && e.params.status === 'mifareAuthError',
    )
    // Re-issue: the transport key fails (the card halts), the encoder reselects and the old key B works.
    const again = oneSectorPlan(2, { keyA: 'C1C2C3C4C5C6', keyB: 'D1D2D3D4D5D6' }, 0x70, [
      { keyType: 'A', key: TRANSPORT_KEY },
      { keyType: 'B', key: fromHex(KEYS.keyB) },
    ])
    await encoder.issue(again)
    assert.equal(toHex(card.dump()[trailerOf(2)], ''), 'C1C2C3C4C5C67F078869D1D2D3D4D5D6')
    const read = await encoder.readSector(2, 'B', fromHex('D1D2D3D4D5D6'))
    assert.equal(toHex(read.blocks[1], ''), '71'.repeat(16))
    // Key A never reads back from a trailer.
    assert.equal(toHex(read.blocks[3], '').slice(0, 12), '000000000000')
    await encoder.close()
  })

  it('refuses to write a card whose UID is not the one the grant was made for', async () => {
    const { encoder, chip } = await rig()
    chip.placeCard(new VirtualMifareCard(fromHex('0A0B0C0D')))
    await assert.rejects(
      encoder.issue(oneSectorPlan(1, KEYS, 1, undefined, fromHex('01020304'))),
      (e: DeviceError) => e.code === 'wrongCard' && e.params.found === '0A0B0C0D',
    )
    assert.equal((await encoder.issue(oneSectorPlan(1, KEYS, 1))).uid, '0A0B0C0D')
    await encoder.close()
  })

  it('fails with noCard when the field is empty and authFailed when no key opens the sector', async () => {
    const { encoder, chip } = await rig()
    await assert.rejects(encoder.issue(oneSectorPlan(1, KEYS, 1)), (e: DeviceError) => e.code === 'noCard')
    chip.placeCard(new VirtualMifareCard(fromHex('11223344')))
    const wrong = oneSectorPlan(1, KEYS, 1, [{ keyType: 'A', key: fromHex('000000000000') }])
    await assert.rejects(
      encoder.issue(wrong),
      (e: DeviceError) => e.code === 'authFailed' && e.params.sector === 1,
    )
    await encoder.close()
  })

  it('erases an issued card back to transport keys', async () => {
    const { encoder, chip } = await rig()
    const card = new VirtualMifareCard(fromHex('55667788'))
    chip.placeCard(card)
    await encoder.issue(oneSectorPlan(3, KEYS, 9))
    await encoder.erase([{ keyType: 'B', key: fromHex(KEYS.keyB) }], [0, 3])
    const memory = card.dump()
    assert.equal(toHex(memory[trailerOf(3)], ''), 'FFFFFFFFFFFFFF078069FFFFFFFFFFFF')
    assert.equal(toHex(memory[12], ''), '00'.repeat(16))
    assert.equal(toHex(memory[0].subarray(0, 4), ''), '55667788')
    await encoder.close()
  })

  it('fails an issue when the card leaves the field mid-write, and the card is not verified', async () => {
    const { encoder, chip } = await rig({ cardExchangeMs: 2 })
    chip.placeCard(new VirtualMifareCard(fromHex('99887766')))
    const issuing = encoder.issue(oneSectorPlan(4, KEYS, 3), {
      onProgress: (step) => {
        if (step === 'selected') setTimeout(() => chip.removeCard(), 3)
      },
    })
    await assert.rejects(issuing, (e: DeviceError) => e.code === 'cardError' && e.params.status === 'timeout')
    assert.equal(encoder.status().state, 'ready')
    await encoder.close()
  })

  it('reports beep as unsupported rather than pretending', async () => {
    const { encoder } = await rig()
    assert.equal(await encoder.beep(), 'unsupported')
    await encoder.close()
  })

  it('unplug during a write fails the issue with disconnected; after replug the next card issues', async () => {
    const { encoder, chip, bus, path } = await rig({ cardExchangeMs: 3 })
    chip.placeCard(new VirtualMifareCard(fromHex('CAFEBABE')))
    const issuing = encoder.issue(oneSectorPlan(5, KEYS, 5), {
      onProgress: (step) => {
        if (step === 'selected') setTimeout(() => bus.unplug(path), 4)
      },
    })
    await assert.rejects(issuing, (e: DeviceError) => e.code === 'disconnected')
    assert.equal(encoder.status().state, 'error')
    assert.equal(encoder.status().reason?.code, 'disconnected')
    await assert.rejects(encoder.readCard(), (e: DeviceError) => e.code === 'notOpen')
    await assert.rejects(encoder.open(), (e: DeviceError) => e.code === 'noSuchPort')
    bus.replug(path)
    await encoder.open()
    const next = new VirtualMifareCard(fromHex('0BADF00D'))
    chip.removeCard()
    chip.placeCard(next)
    const info = await encoder.issue(oneSectorPlan(5, KEYS, 6))
    assert.equal(info.uid, '0BADF00D')
    assert.equal(toHex(next.dump()[20], ''), '06'.repeat(16))
    await encoder.close()
  })

  it('over a modelled 115200-baud wire, an issue takes at least the bytes-on-the-wire time', async () => {
    const { encoder, chip } = await rig({ wireBaudRate: 115200 })
    chip.placeCard(new VirtualMifareCard(fromHex('10203040')))
    const started = performance.now()
    await encoder.issue(oneSectorPlan(6, KEYS, 1))
    const ms = performance.now() - started
    // select + auth + 4 writes + auth + 3 reads: 203 bytes out, 9 ACKs + 211 bytes back = 414 bytes
    // of 10 bits at 115200 baud ≈ 35.9 ms, all sequential because each command waits for its answer.
    assert.ok(ms >= wireTimeMs(414, 115200), `took ${ms} ms`)
    assert.ok(ms < 500, `took ${ms} ms`)
    await encoder.close()
  })
})
