import assert from 'node:assert/strict'
import { describe, it } from 'vitest'
import { fromHex, toHex } from './hex.ts'
import {
  authCommand,
  canReadData,
  canWriteData,
  commandTable,
  decodeAccessBits,
  decodeFirmwareVersion,
  decodeInListPassiveTarget,
  decodeMifareCommand,
  decodeStatusResponse,
  encodeAccessBits,
  inDataExchangeParams,
  Pn532ProtocolError,
  readCommand,
  statusName,
  TRANSPORT_CONDITIONS,
  trailerRights,
  writeCommand,
} from './index.ts'

describe('PN532 commands', () => {
  it('answers each command with code + 1', () => {
    assert.equal(commandTable[0x4a].response, 0x4b)
    assert.equal(commandTable[0x40].name, 'InDataExchange')
  })

  it('decodes GetFirmwareVersion of a PN532 v1.6', () => {
    assert.deepEqual(decodeFirmwareVersion(fromHex('32 01 06 07')), {
      ic: 0x32,
      version: 1,
      revision: 6,
      support: 7,
    })
  })

  it('decodes a MIFARE Classic 1K target', () => {
    const [t] = decodeInListPassiveTarget(fromHex('01 01 00 04 08 04 DE AD BE EF'))
    assert.equal(t.tg, 1)
    assert.equal(toHex(t.sensRes), '00 04')
    assert.equal(t.selRes, 0x08)
    assert.equal(toHex(t.nfcId), 'DE AD BE EF')
    assert.deepEqual(decodeInListPassiveTarget(fromHex('00')), [])
  })

  it('decodes an ISO 14443-4 target with its ATS', () => {
    const [t] = decodeInListPassiveTarget(fromHex('01 01 00 44 20 07 04 11 22 33 44 55 66 05 78 80 70 02'))
    assert.equal(t.nfcId.length, 7)
    assert.equal(toHex(t.ats!), '05 78 80 70 02')
  })

  it('rejects a truncated target list with a typed error', () => {
    assert.throws(() => decodeInListPassiveTarget(fromHex('01 01 00 04 08 04 DE AD')), Pn532ProtocolError)
  })

  it('builds MIFARE auth, read and write', () => {
    const uid = fromHex('DE AD BE EF')
    assert.equal(
      toHex(authCommand('A', 4, fromHex('FF FF FF FF FF FF'), uid)),
      '60 04 FF FF FF FF FF FF DE AD BE EF',
    )
    assert.equal(
      toHex(authCommand('B', 7, fromHex('A0 A1 A2 A3 A4 A5'), uid)),
      '61 07 A0 A1 A2 A3 A4 A5 DE AD BE EF',
    )
    assert.equal(toHex(readCommand(4)), '30 04')
    assert.equal(toHex(writeCommand(5, new Uint8Array(16).fill(0x11))).slice(0, 8), 'A0 05 11')
    assert.equal(toHex(inDataExchangeParams(1, readCommand(4))), '01 30 04')
    assert.deepEqual(decodeMifareCommand(fromHex('30 04')), { op: 'read', block: 4 })
    assert.throws(() => writeCommand(5, new Uint8Array(15)), Pn532ProtocolError)
    assert.throws(() => decodeMifareCommand(fromHex('99 04')), Pn532ProtocolError)
  })

  it('reads status bytes: 0x14 auth error, 0x01 timeout', () => {
    assert.equal(statusName(decodeStatusResponse(fromHex('14'), 'x').status), 'mifareAuthError')
    assert.equal(statusName(0x01), 'timeout')
    assert.equal(statusName(0x41), 'timeout')
    assert.equal(statusName(0x3f), 'unknown')
    assert.deepEqual(decodeStatusResponse(fromHex('00 AA'), 'x').data, fromHex('AA'))
  })
})

describe('MIFARE access bits', () => {
  it('encodes the transport configuration as FF 07 80 and 7F 07 88 for key-B-managed trailers', () => {
    assert.equal(toHex(encodeAccessBits(TRANSPORT_CONDITIONS)), 'FF 07 80')
    assert.equal(toHex(encodeAccessBits([0, 0, 0, 0b011])), '7F 07 88')
    assert.deepEqual(decodeAccessBits(fromHex('FF 07 80')), TRANSPORT_CONDITIONS)
    assert.equal(decodeAccessBits(fromHex('FF 07 81')), null)
  })

  it('round-trips every combination', () => {
    for (let n = 0; n < 8 ** 4; n++) {
      const c = [n & 7, (n >> 3) & 7, (n >> 6) & 7, (n >> 9) & 7] as const
      assert.deepEqual(decodeAccessBits(encodeAccessBits(c)), c)
    }
  })

  it('gives key A everything in transport mode and key B nothing (key B is readable there)', () => {
    assert.ok(canReadData(TRANSPORT_CONDITIONS, 0, 'A') && canWriteData(TRANSPORT_CONDITIONS, 1, 'A'))
    assert.ok(!canReadData(TRANSPORT_CONDITIONS, 0, 'B'))
    assert.deepEqual(trailerRights(TRANSPORT_CONDITIONS, 'A'), {
      writeKeyA: true,
      readAccess: true,
      writeAccess: true,
      readKeyB: true,
      writeKeyB: true,
    })
  })

  it('lets only key B rewrite keys under 7F 07 88', () => {
    const c = decodeAccessBits(fromHex('7F 07 88'))!
    assert.equal(trailerRights(c, 'A').writeKeyA, false)
    assert.equal(trailerRights(c, 'B').writeKeyA, true)
    assert.equal(trailerRights(c, 'B').writeAccess, true)
    assert.ok(canWriteData(c, 0, 'A') && canWriteData(c, 0, 'B'))
  })
})
