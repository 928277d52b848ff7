// The PN532 client against a scripted peer on the wire: a slow chip's late answer to a timed-out command is dropped.
import assert from 'node:assert/strict'
import { ACK_FRAME, encodeInformationFrame, Tfi } from '@pms/protocol/pn532/index'
import { test } from 'vitest'
import { Pn532Client } from './client.ts'
import type { ByteLink } from './link.ts'

/** A peer that answers each host frame with the bytes the test scripts for that command code. */
function scriptedPeer(script: Map<number, Uint8Array[]>): ByteLink & { writes: number[] } {
  let deliver: (chunk: Uint8Array) => void = () => {}
  const writes: number[] = []
  return {
    writes,
    async write(bytes) {
      // Host information frames carry D4 then the command code after LEN and LCS.
      if (bytes.length > 7 && bytes[5] === Tfi.hostToPn532) {
        const command = bytes[6]!
        writes.push(command)
        for (const chunk of script.get(command)?.splice(0, 1) ?? []) setTimeout(() => deliver(chunk), 1)
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
      // GetFirmwareVersion: ACK only; the answer comes too late, in the middle of the next exchange.
      [0x02, [ACK_FRAME]],
      // SAMConfiguration: ACK, then the stale firmware answer, then its own answer.
      [0x14, [concat(ACK_FRAME, lateFirmware, samAnswer)]],
    ]),
  )
  const client = new Pn532Client(peer)
  await assert.rejects(
    client.command(0x02, new Uint8Array(), { timeoutMs: 30 }),
    (e: Error & { code?: string }) => e.code === 'timeout',
  )
  const params = await client.command(0x14, Uint8Array.of(0x01, 0x14, 0x01), { timeoutMs: 500 })
  assert.deepEqual([...params], [])
  assert.deepEqual(peer.writes, [0x02, 0x14])
})
