import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { test } from 'vitest'
import { fromHex, toHex } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import { CARD_ACCESS, decodeAccessBits, encodeAccessBits, TRANSPORT_ACCESS } from './access-bits.ts'
import { CardType } from './card-types.ts'
import {
  buildMifareGrant,
  decodeCard,
  deriveSectorKeys,
  encodeCard,
  propertySecretBytes,
} from './mifare-sector.ts'
import { GUEST_101, OTHER_SECRET, SECRET, UID } from './test-fixtures.ts'

const GOLDEN_BLOCKS = [
  '504B0101B31C01CA9A81D8720381E5C2',
  'B7B3DD9FB3ACF9D93BE9B6FD38D51F76',
  'AC9CB8BBF10653B14D2EE64EC28D50BD',
  'C7C54AC7113C7F0788691D0B80982B2B',
  'EAB5BFA86F0931FAE4F981D97CDFFFF7',
  '00000000000000000000000000000000',
  '00000000000000000000000000000000',
  '9C9532FD5B157F07886912CC045DCA1F',
]

test('golden: diversified sector keys of UID DEADBEEF over sectors 1-2', () => {
  const keys = deriveSectorKeys(SECRET, UID, 1, 2)
  assert.deepEqual(
    keys.sectors.map((s) => [s.sector, toHex(s.keyA), toHex(s.keyB)]),
    [
      [1, 'C7C54AC7113C', '1D0B80982B2B'],
      [2, '9C9532FD5B15', '12CC045DCA1F'],
    ],
  )
  assert.equal(toHex(keys.propertyTag), 'B31C01CA')
})

test('key derivation follows the documented HMAC chain (checked with node:crypto)', () => {
  const hmac = (key: Uint8Array | Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()
  const root = hmac(SECRET, Buffer.concat([Buffer.from('pms/mifare/card\0'), UID, Buffer.of(1)]))
  const keyA1 = hmac(root, Buffer.concat([Buffer.from('key-a\0'), Buffer.of(1), Buffer.of(1)])).subarray(0, 6)
  assert.equal(keyA1.toString('hex').toUpperCase(), 'C7C54AC7113C')
  const tag = hmac(SECRET, Buffer.concat([Buffer.from('pms/property-tag\0'), Buffer.of(1)])).subarray(0, 4)
  assert.equal(tag.toString('hex').toUpperCase(), 'B31C01CA')
})

test('golden: the blocks of the guest card for room 101', () => {
  const blocks = encodeCard(GUEST_101, deriveSectorKeys(SECRET, UID, 1, 2))
  assert.deepEqual(blocks.map(toHex), GOLDEN_BLOCKS)
})

test('the golden blocks decode to the guest card fields', () => {
  const result = decodeCard(GOLDEN_BLOCKS.map(fromHex), SECRET, UID)
  assert.deepEqual(result, { ok: true, fields: GUEST_101 })
})

test('trailers that read back as zeros (key A is never readable) do not matter', () => {
  const blocks = GOLDEN_BLOCKS.map(fromHex)
  blocks[3] = new Uint8Array(16)
  blocks[7] = new Uint8Array(16)
  assert.equal(decodeCard(blocks, SECRET, UID).ok, true)
})

/** A copy of the blocks with one byte changed. */
function withByte(
  blocks: Uint8Array[],
  block: number,
  byte: number,
  change: (v: number) => number,
): Uint8Array[] {
  const copy = blocks.map((b) => b.slice())
  copy[block]![byte] = change(copy[block]![byte]!)
  return copy
}

const failures: [
  string,
  (blocks: Uint8Array[]) => Uint8Array[] | undefined,
  string,
  Uint8Array?,
  Uint8Array?,
][] = [
  ['another property secret', () => undefined, 'foreign', OTHER_SECRET],
  ['copied onto another UID', () => undefined, 'tampered', SECRET, fromHex('01020304')],
  ['one payload bit flipped', (b) => withByte(b, 1, 5, (v) => v ^ 0x01), 'tampered'],
  ['the MAC altered', (b) => withByte(b, 0, 12, (v) => v ^ 0x80), 'tampered'],
  ['the category byte altered', (b) => withByte(b, 0, 3, () => 0x05), 'tampered'],
  ['the property tag altered', (b) => withByte(b, 0, 4, (v) => v ^ 0xff), 'foreign'],
  ['an unknown layout version', (b) => withByte(b, 0, 2, () => 0x02), 'unsupported-version'],
  ['not our magic', (b) => withByte(b, 0, 0, () => 0x00), 'unknown-format'],
  ['all zero', (b) => b.map(() => new Uint8Array(16)), 'blank'],
  ['all FF', (b) => b.map(() => new Uint8Array(16).fill(0xff)), 'blank'],
  ['a short block', (b) => b.map((block, i) => (i === 2 ? block.subarray(0, 15) : block)), 'malformed'],
  ['only one sector', (b) => b.slice(0, 4), 'malformed'],
]
for (const [name, mutate, reason, secret = SECRET, uid = UID] of failures) {
  test(`decode: ${name} → ${reason}`, () => {
    const blocks = GOLDEN_BLOCKS.map(fromHex)
    const result = decodeCard(mutate(blocks) ?? blocks, secret, uid)
    assert.deepEqual(result, { ok: false, reason })
  })
}

test('any single flipped bit in the layout blocks is caught', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 7 }), (byte, bit) => {
      const blocks = GOLDEN_BLOCKS.map(fromHex)
      const index = [0, 1, 2, 4][byte >> 4]!
      blocks[index]![byte & 15]! ^= 1 << bit
      assert.equal(decodeCard(blocks, SECRET, UID).ok, false)
    }),
    { numRuns: 200 },
  )
})

test('random blocks never throw and never decode', () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ minLength: 0, maxLength: 20 }), { maxLength: 12 }), (blocks) => {
      const result = decodeCard(blocks, SECRET, UID)
      assert.equal(result.ok, false)
    }),
    { numRuns: 300 },
  )
})

test('encode then decode round-trips arbitrary fields', () => {
  const fields = fc.record({
    cardType: fc.constantFrom(...Object.values(CardType)),
    flags: fc.integer({ min: 0, max: 0xffff }),
    propertyId: fc.integer({ min: 0, max: 0xffffffff }),
    buildingId: fc.integer({ min: 0, max: 0xffff }),
    floorId: fc.integer({ min: 0, max: 0xffff }),
    roomId: fc.integer({ min: 0, max: 0xffffffff }),
    validFrom: fc.integer({ min: 0, max: 0xffffffff }),
    validUntil: fc.integer({ min: 0, max: 0xffffffff }),
    issueSequence: fc.integer({ min: 0, max: 0xffffffff }),
    cardNo: fc.integer({ min: 0, max: 0xffffffff }),
    targetCardNo: fc.integer({ min: 0, max: 0xffffffff }),
    elevatorFloors: fc.uniqueArray(fc.integer({ min: 1, max: 64 })).map((a) => a.sort((x, y) => x - y)),
  })
  fc.assert(
    fc.property(
      fields,
      fc.uint8Array({ minLength: 4, maxLength: 4 }),
      fc.integer({ min: 1, max: 14 }),
      (f, uid, s) => {
        const keys = deriveSectorKeys(SECRET, uid, s, Math.min(16 - s, 3))
        assert.deepEqual(decodeCard(encodeCard(f, keys, 'Z-M'), SECRET, uid), { ok: true, fields: { ...f } })
      },
    ),
    { numRuns: 60 },
  )
})

test('the sector range must leave room for the layout and stay inside the card', () => {
  for (const [sector, count] of [
    [0, 2],
    [1, 1],
    [15, 2],
    [14, 3],
  ] as const) {
    assert.throws(
      () => deriveSectorKeys(SECRET, UID, sector, count),
      (e: unknown) => e instanceof ProtocolError && e.code === 'sector-range',
    )
  }
  assert.equal(deriveSectorKeys(SECRET, UID, 14, 2).sectors.length, 2)
})

test('an end time past 4294967295 is capped, an elevator floor past 64 is refused', () => {
  const keys = deriveSectorKeys(SECRET, UID, 1, 2)
  const decoded = decodeCard(encodeCard({ ...GUEST_101, validUntil: 2 ** 40 }, keys), SECRET, UID)
  assert.equal(decoded.ok && decoded.fields.validUntil, 4294967295)
  assert.throws(() => encodeCard({ ...GUEST_101, elevatorFloors: [65] }, keys), ProtocolError)
})

test('access bits: transport FF0780, issued cards 7F0788, and a broken inverted copy is refused', () => {
  assert.equal(toHex(encodeAccessBits(TRANSPORT_ACCESS)), 'FF0780')
  assert.equal(toHex(encodeAccessBits(CARD_ACCESS)), '7F0788')
  assert.deepEqual(decodeAccessBits(fromHex('7F0788')), CARD_ACCESS)
  assert.throws(
    () => decodeAccessBits(fromHex('7F0789')),
    (e: unknown) => e instanceof ProtocolError && e.code === 'bad-access-bits',
  )
  fc.assert(
    fc.property(fc.tuple(...[0, 1, 2, 3].map(() => fc.integer({ min: 0, max: 7 }))), (c) => {
      assert.deepEqual(decodeAccessBits(encodeAccessBits(c as [number, number, number, number])), c)
    }),
  )
})

test('the grant carries transport key, diversified keys and the blocks, never the secret', () => {
  const grant = buildMifareGrant({
    category: 'M157',
    secret: SECRET,
    uid: 'deadbeef',
    sector: 1,
    sectorNum: 2,
    authMode: 1,
    fields: GUEST_101,
  })
  assert.equal(grant.uid, 'DEADBEEF')
  assert.deepEqual(grant.sectors[0], {
    sector: 1,
    transportKey: 'FFFFFFFFFFFF',
    keyA: 'C7C54AC7113C',
    keyB: '1D0B80982B2B',
    blocks: GOLDEN_BLOCKS.slice(0, 4),
  })
  assert.deepEqual(grant.sectors[1]!.blocks, GOLDEN_BLOCKS.slice(4))
  assert.equal(JSON.stringify(grant).includes(toHex(SECRET)), false)
  assert.throws(() => buildMifareGrant({ ...grantRequest(), uid: 'DEADBE' }), ProtocolError)
})

function grantRequest() {
  return {
    category: 'Z-M' as const,
    secret: SECRET,
    uid: 'DEADBEEF',
    sector: 1,
    sectorNum: 2,
    authMode: 0 as const,
    fields: GUEST_101,
  }
}

test('property secrets: long hex is bytes, anything else is its UTF-8 text', () => {
  assert.deepEqual(propertySecretBytes(toHex(SECRET)), SECRET)
  assert.equal(propertySecretBytes('hotel-secret').length, 12)
})
