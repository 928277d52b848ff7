import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import { fromHex, toHex } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import { BleFrame, chunkFrame, crc16, FrameAssembler, openFrame } from './frame.ts'
import { BLE_LOCK_SERVICE_UUID, nobleUuid } from './gatt.ts'
import { decodeLockReply, decodeLockRequest } from './lock-commands.ts'
import { frameKeys, lockInitKey, lockPrivateKey, propertyCardSecret } from './lock-keys.ts'
import {
  lockRequestChunks,
  openLockReply,
  openLockRequest,
  sealLockReply,
  sealLockRequest,
} from './lock-session.ts'

const MAC = 'A4:C1:38:0B:5E:01'
const SECRET = fromHex('000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F')
const INIT = frameKeys(lockInitKey(MAC))

/** Golden frames under the INIT_KEY of lock A4:C1:38:0B:5E:01. */
const STATUS_SEQ1 = 'A5030000010001227D7A4643AF48693536CB'
const SET_TIME_SEQ2 = 'A5030000020005609CB0C5C92854DC254079539D0AAC'
const SET_TIME_OK_SEQ2 = 'A5030100020002F77B9FF23E8FBE2E81B51376'
const UNLOCK_NOT_INITIALISED_SEQ3 = 'A5030100030002B3A10A4DD0A0D27C68E954EA'

const isCode = (code: string) => (e: unknown) => e instanceof ProtocolError && e.code === code

test('golden: INIT_KEY and PRIVATE_KEY of lock A4:C1:38:0B:5E:01', () => {
  assert.equal(toHex(lockInitKey(MAC)), 'FA1AE64943554CBD3F095A2929735D46')
  assert.equal(toHex(lockInitKey('a4c1380b5e01')), 'FA1AE64943554CBD3F095A2929735D46')
  assert.equal(toHex(lockPrivateKey(SECRET, MAC)), '127A0E3EB3CCB983DE33FA154FE76546')
  assert.equal(propertyCardSecret(SECRET).length, 32)
  assert.throws(() => lockInitKey('A4:C1:38'), ProtocolError)
})

test('golden: command frames', () => {
  assert.equal(toHex(sealLockRequest(INIT, 1, { command: 'status' }).toBuffer()), STATUS_SEQ1)
  assert.equal(
    toHex(sealLockRequest(INIT, 2, { command: 'setTime', time: 1714536000 }).toBuffer()),
    SET_TIME_SEQ2,
  )
})

test('golden: reply frames', () => {
  assert.equal(
    toHex(sealLockReply(INIT, 2, { command: 'setTime', status: 'ok', body: {} }).toBuffer()),
    SET_TIME_OK_SEQ2,
  )
  assert.equal(
    toHex(sealLockReply(INIT, 3, { command: 'unlock', status: 'notInitialised' }).toBuffer()),
    UNLOCK_NOT_INITIALISED_SEQ3,
  )
})

test('golden frames parse back to their messages', () => {
  const frame = BleFrame.fromBuffer(fromHex(SET_TIME_SEQ2))
  assert.equal(frame.direction, 'command')
  assert.equal(frame.seq, 2)
  assert.deepEqual(openLockRequest(INIT, frame), { command: 'setTime', time: 1714536000 })
  assert.deepEqual(openLockReply(INIT, BleFrame.fromBuffer(fromHex(UNLOCK_NOT_INITIALISED_SEQ3))), {
    command: 'unlock',
    status: 'notInitialised',
  })
  assert.equal(toHex(frame.toBuffer()), SET_TIME_SEQ2)
})

test('CRC-16/CCITT-FALSE check value', () => {
  assert.equal(crc16(new TextEncoder().encode('123456789')), 0x29b1)
})

const broken: [string, string, string][] = [
  ['a flipped CRC', `${SET_TIME_SEQ2.slice(0, -2)}AD`, 'bad-checksum'],
  ['a wrong start byte', `A4${SET_TIME_SEQ2.slice(2)}`, 'bad-frame'],
  ['a wrong version', `A502${SET_TIME_SEQ2.slice(4)}`, 'bad-frame'],
  ['unknown flags', `A50380${SET_TIME_SEQ2.slice(6)}`, 'bad-frame'],
  ['a missing byte', SET_TIME_SEQ2.slice(0, -2), 'truncated'],
  ['a trailing byte', `${SET_TIME_SEQ2}00`, 'bad-length'],
  ['nothing', '', 'truncated'],
]
for (const [name, hex, code] of broken) {
  test(`fromBuffer refuses ${name} with ${code}`, () => {
    assert.throws(() => BleFrame.fromBuffer(fromHex(hex)), isCode(code))
  })
}

test('a frame sealed under the INIT_KEY does not open under the PRIVATE_KEY', () => {
  const frame = BleFrame.fromBuffer(fromHex(STATUS_SEQ1))
  assert.throws(() => openFrame(frameKeys(lockPrivateKey(SECRET, MAC)), frame), isCode('bad-mac'))
})

test('a body altered after sealing (CRC recomputed) fails the MAC', () => {
  const frame = BleFrame.fromBuffer(fromHex(SET_TIME_SEQ2))
  const body = frame.body.slice()
  body[2]! ^= 0x10
  const forged = BleFrame.fromBuffer(new BleFrame('command', 2, body, frame.mac).toBuffer())
  assert.throws(() => openFrame(INIT, forged), isCode('bad-mac'))
  const reseq = BleFrame.fromBuffer(new BleFrame('command', 3, frame.body, frame.mac).toBuffer())
  assert.throws(() => openFrame(INIT, reseq), isCode('bad-mac'))
})

test('a reply frame is not taken for a command, nor the reverse', () => {
  assert.throws(
    () => openLockRequest(INIT, BleFrame.fromBuffer(fromHex(SET_TIME_OK_SEQ2))),
    isCode('bad-frame'),
  )
  assert.throws(() => openLockReply(INIT, BleFrame.fromBuffer(fromHex(STATUS_SEQ1))), isCode('bad-frame'))
})

test('an init command spans several 20-byte writes and reassembles to the same request', () => {
  const request = {
    command: 'init' as const,
    privateKey: lockPrivateKey(SECRET, MAC),
    cardSecret: propertyCardSecret(SECRET),
    propertyId: 1001,
    buildingId: 1,
    floorId: 1,
    roomId: 101,
    time: 1714536000,
  }
  const chunks = lockRequestChunks(INIT, 9, request)
  assert.equal(chunks.length, 5)
  assert.ok(chunks.every((c) => c.length <= 20))
  const assembler = new FrameAssembler()
  const items = chunks.flatMap((c) => assembler.push(c))
  assert.equal(items.length, 1)
  assert.equal(items[0]!.kind, 'frame')
  assert.deepEqual(items[0]!.kind === 'frame' && openLockRequest(INIT, items[0].frame), request)
})

test('the assembler drops noise and a corrupted frame, and still delivers the next frame', () => {
  const good = fromHex(STATUS_SEQ1)
  const bad = fromHex(SET_TIME_SEQ2)
  bad[9]! ^= 0xff
  const stream = new Uint8Array([0x00, 0x13, ...bad, ...good, ...fromHex(SET_TIME_OK_SEQ2)])
  const assembler = new FrameAssembler()
  const items = chunkFrame(stream, 7).flatMap((c) => assembler.push(c))
  const frames = items.flatMap((i) => (i.kind === 'frame' ? [toHex(i.frame.toBuffer())] : []))
  assert.deepEqual(frames, [STATUS_SEQ1, SET_TIME_OK_SEQ2])
  assert.ok(items.some((i) => i.kind === 'dropped' && i.error.code === 'bad-checksum'))
  assert.equal(assembler.pending, 0)
})

test('frames split at every possible byte reassemble', () => {
  const bytes = fromHex(SET_TIME_SEQ2)
  for (let cut = 1; cut < bytes.length; cut++) {
    const assembler = new FrameAssembler()
    assert.deepEqual(assembler.push(bytes.subarray(0, cut)), [])
    const items = assembler.push(bytes.subarray(cut))
    assert.equal(items.length, 1)
  }
})

test('random bytes: fromBuffer throws only ProtocolError; the assembler never throws', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
      try {
        BleFrame.fromBuffer(bytes)
      } catch (e) {
        assert.ok(e instanceof ProtocolError, String(e))
      }
      new FrameAssembler().push(bytes)
    }),
    { numRuns: 500 },
  )
})

test('mutated golden frames never open as anything but the original', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 21 }), fc.integer({ min: 1, max: 255 }), (at, x) => {
      const bytes = fromHex(SET_TIME_SEQ2)
      bytes[at]! ^= x
      try {
        openLockRequest(INIT, BleFrame.fromBuffer(bytes))
        assert.fail('a mutated frame opened')
      } catch (e) {
        assert.ok(e instanceof ProtocolError, String(e))
      }
    }),
    { numRuns: 300 },
  )
})

test('random plaintext bodies decode or throw ProtocolError, never anything else', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
      for (const decode of [decodeLockRequest, decodeLockReply]) {
        try {
          decode(bytes)
        } catch (e) {
          assert.ok(e instanceof ProtocolError, String(e))
        }
      }
    }),
    { numRuns: 500 },
  )
})

test('the GATT UUIDs in noble form', () => {
  assert.equal(nobleUuid(BLE_LOCK_SERVICE_UUID), 'b1e300017c4a4d8e9f2b504d534c4f43')
})
