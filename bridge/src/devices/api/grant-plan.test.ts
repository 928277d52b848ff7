import assert from 'node:assert/strict'
import { buildMifareGrant, CardFlag, CardType, fromHex, toHex } from '@pms/protocol'
import type { CardGrant } from '@pms/protocol/api/card-issue'
import { describe, it } from 'vitest'
import type { DeviceError } from '../errors.ts'
import { addCardRequest, grantPlan } from './grant-plan.ts'

const SECRET = fromHex('000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F')
const FIELDS = {
  cardType: CardType.GUEST,
  flags: CardFlag.SUPERSEDE,
  propertyId: 1001,
  buildingId: 1,
  floorId: 1,
  roomId: 101,
  validFrom: 1714536000,
  validUntil: 1714622400,
  issueSequence: 7,
  cardNo: 42,
  targetCardNo: 0,
  elevatorFloors: [1, 10],
}

function grant(authMode: 0 | 1 = 0): Extract<CardGrant, { format: 'mifare' }> {
  const g = buildMifareGrant({
    category: 'M157',
    secret: SECRET,
    uid: 'DEADBEEF',
    sector: 1,
    sectorNum: 2,
    authMode,
    fields: FIELDS,
  })
  return { format: 'mifare', ...g }
}

describe('server grant → MIFARE write plan', () => {
  it('maps the golden grant: transport key then key B to open, data blocks, trailer, verify with key A', () => {
    const plan = grantPlan(grant())
    assert.equal(toHex(plan.uid!), 'DEADBEEF')
    assert.deepEqual(
      plan.sectors.map((s) => s.sector),
      [1, 2],
    )
    const [s1, s2] = plan.sectors
    assert.deepEqual(
      s1!.currentKeys.map((k) => `${k.keyType}:${toHex(k.key)}`),
      ['A:FFFFFFFFFFFF', 'B:1D0B80982B2B'],
    )
    assert.equal(toHex(s1!.trailer.keyA), 'C7C54AC7113C')
    assert.equal(toHex(s1!.trailer.access), '7F078869')
    assert.equal(toHex(s2!.trailer.keyB), '12CC045DCA1F')
    assert.equal(toHex(s1!.blocks[0]!.data), '504B0101B31C01CA9A81D8720381E5C2')
    assert.deepEqual(
      s2!.blocks.map((b) => b.index),
      [0, 1, 2],
    )
    assert.equal(s1!.verifyWith, 'A')
    assert.equal(grantPlan(grant(1)).sectors[0]!.verifyWith, 'B')
  })

  it('adds the caller’s extra keys after its own', () => {
    const plan = grantPlan(grant(), [{ keyType: 'B', key: fromHex('A0A1A2A3A4A5') }])
    assert.equal(plan.sectors[0]!.currentKeys.length, 3)
    assert.equal(toHex(plan.sectors[0]!.currentKeys[2]!.key), 'A0A1A2A3A4A5')
  })

  it('refuses a grant whose trailer does not carry its keys, bad hex, a short block list', () => {
    const g = grant()
    const tampered = { ...g, sectors: [{ ...g.sectors[0]!, keyB: '000000000000' }, g.sectors[1]!] }
    assert.throws(
      () => grantPlan(tampered),
      (e: DeviceError) => e.code === 'cardError' && /trailer keys/.test(String(e.params.detail)),
    )
    const badHex = { ...g, sectors: [{ ...g.sectors[0]!, blocks: ['ZZ', ...g.sectors[0]!.blocks.slice(1)] }] }
    assert.throws(
      () => grantPlan(badHex),
      (e: DeviceError) => e.code === 'cardError',
    )
    const short = { ...g, sectors: [{ ...g.sectors[0]!, blocks: g.sectors[0]!.blocks.slice(0, 3) }] }
    assert.throws(
      () => grantPlan(short),
      (e: DeviceError) => e.code === 'cardError',
    )
    assert.throws(
      () => grantPlan({ ...g, uid: 'DEADBE' }),
      (e: DeviceError) => e.code === 'cardError',
    )
  })

  it('says a CPU card grant is unsupported by the MIFARE encoder', () => {
    const cpu: CardGrant = {
      format: 'cpu',
      category: 'BLE_V3_CPU',
      uid: '04A1B2C3D4E5F6',
      aid: 'F0',
      sfi: 1,
      file: '00',
    }
    assert.throws(
      () => grantPlan(cpu),
      (e: DeviceError) => e.code === 'unsupported',
    )
  })

  it('builds a BLE add-card request and refuses a window that ends before it starts', () => {
    const req = addCardRequest({ uid: '04A1B2C3', cardType: CardType.GUEST, validFrom: 10, validUntil: 20 })
    assert.deepEqual(
      { ...req, uid: toHex(req.uid) },
      {
        command: 'addCard',
        uid: '04A1B2C3',
        cardType: CardType.GUEST,
        validFrom: 10,
        validUntil: 20,
      },
    )
    assert.throws(
      () => addCardRequest({ uid: '04A1B2C3', cardType: CardType.GUEST, validFrom: 20, validUntil: 10 }),
      (e: DeviceError) => e.code === 'cardError',
    )
  })
})
