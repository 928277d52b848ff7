import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import { ByteReader, ByteWriter } from './byte-cursor.ts'
import { fromHex, toHex } from './hex.ts'
import { ProtocolError } from './protocol-error.ts'

test('big-endian fields are written and read in order', () => {
  const bytes = new ByteWriter().u8(0x01).i8(-3).u16(0x1234).u32(0xdeadbeef).bytes(Uint8Array.of(9)).toBytes()
  assert.equal(toHex(bytes), '01FD1234DEADBEEF09')
  const r = new ByteReader(bytes)
  assert.deepEqual([r.u8(), r.i8(), r.u16(), r.u32(), r.bytesOf(1)[0]], [1, -3, 0x1234, 0xdeadbeef, 9])
  r.end()
})

test('little-endian fields', () => {
  const bytes = new ByteWriter('le').u16(0x1234).u32(0x01020304).toBytes()
  assert.equal(toHex(bytes), '341204030201')
  const r = new ByteReader(fromHex('341204030201'), 'le')
  assert.deepEqual([r.u16(), r.u32()], [0x1234, 0x01020304])
})

test('reading past the end and trailing bytes are typed errors', () => {
  const r = new ByteReader(fromHex('0102'))
  assert.throws(
    () => r.u32(),
    (e: unknown) => e instanceof ProtocolError && e.code === 'truncated',
  )
  assert.equal(r.u8(), 1)
  assert.throws(
    () => r.end(),
    (e: unknown) => e instanceof ProtocolError && e.code === 'bad-length',
  )
})

test('values out of range are refused, not wrapped', () => {
  assert.throws(() => new ByteWriter().u8(256), ProtocolError)
  assert.throws(() => new ByteWriter().u16(-1), ProtocolError)
  assert.throws(() => new ByteWriter().u32(2 ** 32), ProtocolError)
  assert.throws(() => new ByteWriter().i8(128), ProtocolError)
  assert.throws(() => new ByteWriter().u8(1.5), ProtocolError)
})

test('u32 round-trips in both byte orders', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.constantFrom('be' as const, 'le' as const),
      (v, e) => {
        assert.equal(new ByteReader(new ByteWriter(e).u32(v).toBytes(), e).u32(), v)
      },
    ),
  )
})
