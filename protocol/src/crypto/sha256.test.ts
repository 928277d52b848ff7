import assert from 'node:assert/strict'
import { createHash, createHmac } from 'node:crypto'
import fc from 'fast-check'
import { test } from 'vitest'
import { fromHex, toHex, utf8Bytes } from '../format/hex.ts'
import { constantTimeEqual, deriveKey, mac, xorKeystream } from './prf.ts'
import { hmacSha256, sha256 } from './sha256.ts'

test('SHA-256 matches the FIPS 180-4 examples', () => {
  assert.equal(
    toHex(sha256(utf8Bytes(''))),
    'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
  )
  assert.equal(
    toHex(sha256(utf8Bytes('abc'))),
    'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
  )
  assert.equal(
    toHex(sha256(utf8Bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1',
  )
})

test('HMAC-SHA256 matches RFC 4231 case 2 and a long-key case', () => {
  assert.equal(
    toHex(hmacSha256(utf8Bytes('Jefe'), utf8Bytes('what do ya want for nothing?'))),
    '5BDCC146BF60754E6A042426089575C75A003F089D2739839DEC58B964EC3843',
  )
  assert.equal(
    toHex(
      hmacSha256(
        new Uint8Array(131).fill(0xaa),
        utf8Bytes('Test Using Larger Than Block-Size Key - Hash Key First'),
      ),
    ),
    '60E431591EE0B67F0D8A26AACBF5B77F8E0BC6213728C5140546040F0EE37F54',
  )
})

test('SHA-256 and HMAC agree with node:crypto on random inputs of every length around the block edges', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), (data, key) => {
      assert.equal(toHex(sha256(data)), createHash('sha256').update(data).digest('hex').toUpperCase())
      assert.equal(
        toHex(hmacSha256(key, data)),
        createHmac('sha256', key).update(data).digest('hex').toUpperCase(),
      )
    }),
    { numRuns: 300 },
  )
})

test('the keystream is its own inverse and differs per IV', () => {
  const key = fromHex('000102030405060708090A0B0C0D0E0F')
  const data = utf8Bytes('room 101, valid until noon, sequence 7, and some more bytes past 32')
  const sealed = xorKeystream(key, Uint8Array.of(1), data)
  assert.notDeepEqual(sealed, data)
  assert.deepEqual(xorKeystream(key, Uint8Array.of(1), sealed), data)
  assert.notDeepEqual(xorKeystream(key, Uint8Array.of(2), data), sealed)
})

test('derived keys have the asked length, depend on label and context, and extend past 32 bytes consistently', () => {
  const key = utf8Bytes('secret')
  const long = deriveKey(key, 'x', Uint8Array.of(1), 48)
  assert.equal(long.length, 48)
  assert.deepEqual(deriveKey(key, 'x', Uint8Array.of(1), 16), long.slice(0, 16))
  assert.notDeepEqual(deriveKey(key, 'y', Uint8Array.of(1), 16), long.slice(0, 16))
  assert.notDeepEqual(deriveKey(key, 'x', Uint8Array.of(2), 16), long.slice(0, 16))
})

test('MACs truncate HMAC and compare in constant time', () => {
  const m = mac(utf8Bytes('k'), utf8Bytes('m'), 8)
  assert.equal(m.length, 8)
  assert.equal(constantTimeEqual(m, m.slice()), true)
  const other = m.slice()
  other[7]! ^= 1
  assert.equal(constantTimeEqual(m, other), false)
  assert.equal(constantTimeEqual(m, m.slice(0, 7)), false)
})
