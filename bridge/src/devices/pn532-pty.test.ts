import assert from 'node:assert/strict'
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { fromHex, toHex, trailerOf } from '@pms/protocol/pn532/index'
import { describe, it } from 'vitest'
import type { DeviceError } from './errors.ts'
import { nativeSerialBinding, openSerialLink } from './pn532/serial-link.ts'
import { Pn532SerialEncoder } from './pn532-serial.ts'
import { oneSectorPlan } from './sim/fixtures.ts'
import { SimulatedPn532 } from './sim/pn532.ts'
import { SimulatedSerialBus } from './sim/serial-bus.ts'
import { VirtualMifareCard } from './sim/virtual-card.ts'

const KEYS = { keyA: 'A1A2A3A4A5A6', keyB: 'B1B2B3B4B5B6' }
const hasSocat = spawnSync('socat', ['-V']).status === 0

/** socat's pty pair: the two /dev/pts paths it prints on stderr. */
async function ptyPair(): Promise<{ socat: ChildProcess; a: string; b: string }> {
  const socat = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const paths: string[] = []
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socat gave no pty')), 5000)
    socat.stderr!.on('data', (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/PTY is (\S+)/g)) paths.push(m[1])
      if (paths.length === 2) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  return { socat, a: paths[0], b: paths[1] }
}

/** The simulated PN532 on one end of a real serial line. */
async function chipOnPty(path: string, chip: SimulatedPn532) {
  const link = await openSerialLink(path, { binding: await nativeSerialBinding() })
  link.onData((bytes) => chip.receive(bytes))
  chip.on('output', (bytes) => void link.write(bytes).catch(() => {}))
  return link
}

describe('PN532 driver over a real serial line', () => {
  if (hasSocat) {
    it('issues a card through a socat pty pair with the native serialport binding', async () => {
      const { socat, a, b } = await ptyPair()
      const chip = new SimulatedPn532()
      const chipLink = await chipOnPty(a, chip)
      const card = new VirtualMifareCard(fromHex('5A5B5C5D'))
      chip.placeCard(card)
      const encoder = new Pn532SerialEncoder({ id: `pn532-serial:${b}`, path: b })
      try {
        await encoder.open()
        assert.equal(encoder.status().info?.firmware, '1.6')
        await encoder.issue(oneSectorPlan(7, KEYS, 0x21))
        assert.equal(toHex(card.dump()[trailerOf(7)], ''), 'A1A2A3A4A5A67F078869B1B2B3B4B5B6')
      } finally {
        await encoder.close()
        await chipLink.close()
        socat.kill()
      }
    })

    it('fails the write in flight with disconnected when the line goes away', async () => {
      const { socat, a, b } = await ptyPair()
      const chip = new SimulatedPn532({ cardExchangeMs: 5 })
      const chipLink = await chipOnPty(a, chip)
      chip.placeCard(new VirtualMifareCard(fromHex('6A6B6C6D')))
      const encoder = new Pn532SerialEncoder({ id: `pn532-serial:${b}`, path: b })
      await encoder.open()
      const issuing = encoder.issue(oneSectorPlan(8, KEYS, 1), {
        onProgress: (step) => step === 'selected' && setTimeout(() => socat.kill(), 5),
      })
      // The driver learns of the lost line from the port closing or, on a loaded machine, from the chip's silence
      // first (its 500 ms response timeout); either way the write fails with a clear reason and nothing is verified.
      await assert.rejects(issuing, (e: DeviceError) => e.code === 'disconnected' || e.code === 'timeout')
      // The failed write and the port's close event race on a loaded machine; the device must leave 'ready' soon after.
      const deadline = Date.now() + 2000
      while (encoder.status().state === 'ready' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20))
      assert.notEqual(encoder.status().state, 'ready')
      await encoder.close()
      await chipLink.close()
    })
  } else {
    it('without socat, still runs the driver against the simulator over the mock binding', async () => {
      const bus = new SimulatedSerialBus()
      const chip = new SimulatedPn532()
      bus.addPort('/dev/ttyNOSOCAT', chip)
      chip.placeCard(new VirtualMifareCard(fromHex('5A5B5C5D')))
      const encoder = new Pn532SerialEncoder({ id: 'x', path: '/dev/ttyNOSOCAT', binding: bus.binding })
      await encoder.open()
      assert.equal((await encoder.issue(oneSectorPlan(7, KEYS, 0x21))).uid, '5A5B5C5D')
      await encoder.close()
    })
  }
})
