import assert from 'node:assert/strict'
import { describe, it } from 'vitest'
import { fromHex, toHex } from './hex.ts'
import {
  ACK_FRAME,
  decodeFrame,
  ERROR_FRAME,
  encodeInformationFrame,
  hostFrame,
  NACK_FRAME,
  Pn532ProtocolError,
  pn532Frame,
  Tfi,
} from './index.ts'

describe('PN532 frames, literal hex', () => {
  const table: [string, Uint8Array, string][] = [
    ['GetFirmwareVersion request', hostFrame(0x02), '00 00 FF 02 FE D4 02 2A 00'],
    [
      'GetFirmwareVersion answer',
      pn532Frame(0x03, fromHex('32 01 06 07')),
      '00 00 FF 06 FA D5 03 32 01 06 07 E8 00',
    ],
    ['SAMConfiguration normal', hostFrame(0x14, fromHex('01 14 01')), '00 00 FF 05 FB D4 14 01 14 01 02 00'],
    ['InListPassiveTarget 1 × 106A', hostFrame(0x4a, fromHex('01 00')), '00 00 FF 04 FC D4 4A 01 00 E1 00'],
    [
      'RFConfiguration max retries',
      hostFrame(0x32, fromHex('05 FF 01 02')),
      '00 00 FF 06 FA D4 32 05 FF 01 02 F3 00',
    ],
  ]
  for (const [name, bytes, hex] of table) {
    it(`encodes ${name}`, () => assert.equal(toHex(bytes), hex))
  }

  it('has the ACK, NACK and error frames of the manual', () => {
    assert.equal(toHex(ACK_FRAME), '00 00 FF 00 FF 00')
    assert.equal(toHex(NACK_FRAME), '00 00 FF FF 00 00')
    assert.equal(toHex(ERROR_FRAME), '00 00 FF 01 FF 7F 81 00')
    assert.deepEqual(decodeFrame(ACK_FRAME), { type: 'ack' })
    assert.deepEqual(decodeFrame(NACK_FRAME), { type: 'nack' })
    assert.deepEqual(decodeFrame(ERROR_FRAME), { type: 'error' })
  })

  it('decodes an information frame', () => {
    const f = decodeFrame(fromHex('00 00 FF 06 FA D5 03 32 01 06 07 E8 00'))
    assert.equal(f.type, 'info')
    if (f.type !== 'info') return
    assert.equal(f.tfi, Tfi.pn532ToHost)
    assert.equal(f.command, 0x03)
    assert.equal(toHex(f.params), '32 01 06 07')
    assert.equal(f.extended, false)
  })

  it('uses the extended form past 254 data bytes and decodes it back', () => {
    const params = new Uint8Array(260).map((_, i) => i & 0xff)
    const bytes = encodeInformationFrame(Tfi.hostToPn532, 0x40, params)
    assert.equal(toHex(bytes.subarray(0, 8)), '00 00 FF FF FF 01 06 F9')
    const f = decodeFrame(bytes)
    assert.ok(f.type === 'info' && f.extended && f.params.length === 260)
    assert.equal(bytes.length, 8 + 262 + 2)
  })

  it('keeps a 254-byte payload in a normal frame', () => {
    const bytes = encodeInformationFrame(Tfi.hostToPn532, 0x40, new Uint8Array(253))
    assert.equal(toHex(bytes.subarray(0, 5)), '00 00 FF FF 01')
    const f = decodeFrame(bytes)
    assert.ok(f.type === 'info' && !f.extended)
  })

  const bad: [string, string, string][] = [
    ['bad LCS', '00 00 FF 02 FD D4 02 2A 00', 'badLcs'],
    ['bad DCS', '00 00 FF 02 FE D4 02 2B 00', 'badDcs'],
    ['unknown TFI', '00 00 FF 02 FE D6 00 2A 00', 'badTfi'],
    ['no start code', '00 00 00 01 02', 'badStart'],
    ['truncated', '00 00 FF 06 FA D5 03 32', 'truncated'],
    ['bad extended LCS', '00 00 FF FF FF 01 06 FA', 'badLcs'],
  ]
  for (const [name, hex, code] of bad) {
    it(`rejects ${name} with a typed error`, () => {
      assert.throws(
        () => decodeFrame(fromHex(hex)),
        (e: unknown) => e instanceof Pn532ProtocolError && e.code === code,
      )
    })
  }

  it('refuses to encode a frame larger than the PN532 buffer', () => {
    assert.throws(
      () => hostFrame(0x40, new Uint8Array(300)),
      (e: unknown) => e instanceof Pn532ProtocolError,
    )
  })
})
