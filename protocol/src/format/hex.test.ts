import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import {
  asciiToHex,
  concatBytes,
  fromHex,
  groupHex,
  groupSecretKeyCode,
  hexToAscii,
  ipv4ToHex,
  isHex,
  normaliseBluetoothMac,
  toHex,
  utf8Bytes,
} from './hex.ts'
import { ProtocolError } from './protocol-error.ts'

test('hex of a set length', () => {
  assert.equal(isHex('FFFFFFFFFFFF', 12), true)
  assert.equal(isHex('ffffffffffff', 12), true)
  assert.equal(isHex('FFFFFFFFFFF', 12), false)
  assert.equal(isHex('FFFFFFFFFFFG', 12), false)
  assert.equal(isHex('0A1b'), true)
})

test('bytes and hex round-trip, separators are ignored, bad text throws a ProtocolError', () => {
  assert.equal(toHex(Uint8Array.of(0, 1, 0xab, 0xff)), '0001ABFF')
  assert.deepEqual(fromHex('00 01:ab-FF'), Uint8Array.of(0, 1, 0xab, 0xff))
  assert.throws(
    () => fromHex('ABC'),
    (e: unknown) => e instanceof ProtocolError && e.code === 'odd-length',
  )
  assert.throws(
    () => fromHex('ZZ'),
    (e: unknown) => e instanceof ProtocolError && e.code === 'bad-hex',
  )
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => assert.deepEqual(fromHex(toHex(b)), b)))
})

for (const [input, size, expected] of [
  ['A1B2C3D4E5', 2, 'A1 B2 C3 D4 E5'],
  ['A1B2C3D4E5', 4, 'A1B2 C3D4 E5'],
  ['A1 B2C3', 4, 'A1B2 C3'],
] as const) {
  test(`groups ${input} by ${size}`, () => assert.equal(groupHex(input, size), expected))
}

test('secret key code is zero-padded to a multiple of 4 and grouped by 4', () => {
  assert.equal(groupSecretKeyCode('12345'), '0001 2345')
  assert.equal(groupSecretKeyCode('ABCD1234'), 'ABCD 1234')
})

test('ASCII and hex convert both ways; an odd length is the Illegal Format ASCII Code error', () => {
  assert.equal(asciiToHex('PMS-101'), '504D532D313031')
  assert.equal(hexToAscii('504D532D313031'), 'PMS-101')
  assert.equal(hexToAscii('50 4D 53'), 'PMS')
  assert.throws(
    () => hexToAscii('504'),
    (e: unknown) =>
      e instanceof ProtocolError &&
      e.messageKey === 'card.illegalAsciiFormat' &&
      e.message === 'Illegal Format ASCII Code!',
  )
  assert.throws(() => asciiToHex('房'), ProtocolError)
})

for (const [ip, hex] of [
  ['192.168.1.10', 'C0A8010A'],
  ['0.0.0.0', '00000000'],
  ['255.255.255.255', 'FFFFFFFF'],
  ['256.1.1.1', undefined],
  ['1.2.3', undefined],
  ['01.2.3.4', undefined],
] as const) {
  test(`IPv4 ${ip} → ${hex}`, () => assert.equal(ipv4ToHex(ip), hex))
}

for (const [mac, expected] of [
  ['a4:c1:38:0b:5e:01', 'A4C1380B5E01'],
  ['A4-C1-38-0B-5E-01', 'A4C1380B5E01'],
  ['A4C1380B5E01', 'A4C1380B5E01'],
  ['A4:C1:38:0B:5E', undefined],
  ['G4:C1:38:0B:5E:01', undefined],
] as const) {
  test(`Bluetooth MAC ${mac}`, () => assert.equal(normaliseBluetoothMac(mac), expected))
}

test('UTF-8 and concatenation', () => {
  assert.equal(toHex(utf8Bytes('a房😀')), '61E688BFF09F9880')
  assert.deepEqual(
    concatBytes(Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)),
    Uint8Array.of(1, 2, 3),
  )
})
