// The PN532 client against a scripted peer on the wire: a slow chip's late answer to a timed-out command is dropped.
import assert from 'node:assert/strict'
import { ACK_FRAME, encodeInformationFrame, Tfi } from '@pms/protocol/pn532/index'
import { test } from 'vitest'
import { Pn532Client } from './client.ts'
import type { ByteLink } from './link.ts'

/** A peer that answers each host frame with the bytes the test scripts for that command code. */
function scriptedPeer(script: Map<number, Uint8Array[][]>): ByteLink & { writes: number[] } {
  let deliver: (chunk: Uint8Array) => void = () => {}
  const writes: number[] = []
  return {
    writes,
    async write(bytes) {
      // Host information frames carry D4 then the command code after LEN and LCS.
      if (bytes.length > 7 && bytes[5] === Tfi.hostToPn532) {
        const command = bytes[6]!
        writes.push(command)
        for (const chunk of script.get(command)?.splice(0, 1)[0] ?? []) setTimeout(() => deliver(chunk), 1)
      }
    },
    async close() {},
    onData(listener) {
      deliver = listener
    },
    onLost() {},
  }
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))

test('a late answer to a timed-out command is dropped; the next command gets its own answer', async () => {
  const lateFirmware = encodeInformationFrame(Tfi.pn532ToHost, 0x03, Uint8Array.of(0x32, 0x01, 0x06, 0x07))
  const samAnswer = encodeInformationFrame(Tfi.pn532ToHost, 0x15)
  const peer = scriptedPeer(
    new Map([
      // GetFirmwareVersion: ACK only; the answer comes too late, after the next frame was sent.
      [0x02, [[ACK_FRAME], [concat(lateFirmware, ACK_FRAME, lateFirmware)]]],
      // SAMConfiguration: ACK, then its own answer.
      [0x14, [[concat(ACK_FRAME, samAnswer)]]],
    ]),
  )
  const client = new Pn532Client(peer)
  await assert.rejects(
    client.command(0x02, new Uint8Array(), { timeoutMs: 30 }),
    (e: Error & { code?: string }) => e.code === 'timeout',
  )
  const params = await client.command(0x14, Uint8Array.of(0x01, 0x14, 0x01), { timeoutMs: 500 })
  assert.deepEqual([...params], [])
  // The line was settled by a second GetFirmwareVersion before SAMConfiguration went out.
  assert.deepEqual(peer.writes, [0x02, 0x02, 0x14])
})

test('a command sent twice because its ACK came late does not hand its second answer to the next command', async () => {
  // The chip got both copies: it answers the first at once and the copy right before whatever the host sends next —
  // the order a real line gives when the host was too busy to read the first ACK in time.
  const answer = (...data: number[]) =>
    encodeInformationFrame(Tfi.pn532ToHost, 0x41, Uint8Array.of(0x00, ...data))
  const firmware = encodeInformationFrame(Tfi.pn532ToHost, 0x03, Uint8Array.of(0x32, 0x01, 0x06, 0x07))
  let deliver: (chunk: Uint8Array) => void = () => {}
  const writes: number[] = []
  let stale: Uint8Array | null = null
  const link: ByteLink = {
    async write(bytes) {
      if (!(bytes.length > 7 && bytes[5] === Tfi.hostToPn532)) return
      const command = bytes[6]!
      writes.push(command)
      const seen = writes.filter((c) => c === 0x40).length
      const out: Uint8Array[] = []
      if (stale) out.push(stale)
      stale = null
      if (command === 0x40 && seen === 1) {
        // The first copy's ACK is held back until the copy arrives (the host timed out waiting for it).
      } else if (command === 0x40 && seen === 2) {
        out.push(ACK_FRAME, answer(0xaa))
        stale = concat(ACK_FRAME, answer(0xaa))
      } else if (command === 0x40) out.push(ACK_FRAME, answer(0xbb))
      else if (command === 0x02) out.push(ACK_FRAME, firmware)
      if (out.length) setImmediate(() => deliver(concat(...out)))
    },
    async close() {},
    onData(listener) {
      deliver = listener
    },
    onLost() {},
  }
  const client = new Pn532Client(link, { ackTimeoutMs: 5 })
  assert.deepEqual([...(await client.command(0x40, Uint8Array.of(0x01, 0x30, 0x04)))], [0x00, 0xaa])
  assert.deepEqual([...(await client.command(0x40, Uint8Array.of(0x01, 0x30, 0x08)))], [0x00, 0xbb])
  // The line was settled by a GetFirmwareVersion between the two, which took the stale answer out of the way.
  assert.deepEqual(writes, [0x40, 0x40, 0x02, 0x40])
})
