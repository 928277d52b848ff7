import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { test } from 'vitest'
import { blockText, checkBlockWrite, checkSectorKey } from './sectorInput.ts'

test('a sector, key type and 12-digit key pass, the key upper-cased', () => {
  assert.deepEqual(checkSectorKey('1', 'A', 'ffffffffffff'), {
    ok: true,
    value: { sector: 1, keyType: 'A', key: 'FFFFFFFFFFFF' },
  })
  assert.deepEqual(checkSectorKey('15', 'B', 'A0A1 A2A3 A4A5'), {
    ok: true,
    value: { sector: 15, keyType: 'B', key: 'A0A1A2A3A4A5' },
  })
})

test("odd-length hex answers 'Illegal Format ASCII Code!'", () => {
  const r = checkSectorKey('1', 'A', 'FFFFFFFFFFF')
  assert.deepEqual(r, { ok: false, key: 'card.illegalAsciiFormat' })
  assert.equal(translate('en-US', (r as { key: string }).key), 'Illegal Format ASCII Code!')
})

test('non-hex, wrong length, sector and key type are each named', () => {
  assert.deepEqual(checkSectorKey('1', 'A', 'GGGGGGGGGGGG'), { ok: false, key: 'card.protocolError' })
  assert.deepEqual(checkSectorKey('1', 'A', 'FFFFFFFF'), { ok: false, key: 'cardConsole.test.badKeyLength' })
  assert.deepEqual(checkSectorKey('16', 'A', 'FFFFFFFFFFFF'), {
    ok: false,
    key: 'cardConsole.test.badSector',
  })
  assert.deepEqual(checkSectorKey('-1', 'A', 'FFFFFFFFFFFF'), {
    ok: false,
    key: 'cardConsole.test.badSector',
  })
  assert.deepEqual(checkSectorKey('1', 'C', 'FFFFFFFFFFFF'), {
    ok: false,
    key: 'cardConsole.test.badKeyType',
  })
})

test('a block reads as four groups of four bytes', () => {
  assert.equal(blockText('00112233445566778899AABBCCDDEEFF'), '00112233 44556677 8899AABB CCDDEEFF')
})

test('a block write passes with a data block and 32 hex digits, data upper-cased', () => {
  assert.deepEqual(checkBlockWrite('2', '1', 'B', 'ffffffffffff', '00112233 44556677 8899aabb ccddeeff'), {
    ok: true,
    value: {
      sector: 2,
      block: 1,
      keyType: 'B',
      key: 'FFFFFFFFFFFF',
      data: '00112233445566778899AABBCCDDEEFF',
    },
  })
})

test("a block write names odd-length data 'Illegal Format ASCII Code!', and refuses trailer, block 0 of sector 0, short data", () => {
  const odd = checkBlockWrite('2', '1', 'A', 'FFFFFFFFFFFF', 'F'.repeat(31))
  assert.deepEqual(odd, { ok: false, key: 'card.illegalAsciiFormat' })
  assert.equal(translate('en-US', (odd as { key: string }).key), 'Illegal Format ASCII Code!')
  assert.deepEqual(checkBlockWrite('2', '3', 'A', 'FFFFFFFFFFFF', 'F'.repeat(32)), {
    ok: false,
    key: 'cardConsole.test.badBlock',
  })
  assert.deepEqual(checkBlockWrite('0', '0', 'A', 'FFFFFFFFFFFF', 'F'.repeat(32)), {
    ok: false,
    key: 'cardConsole.test.manufacturerBlock',
  })
  assert.deepEqual(checkBlockWrite('0', '1', 'A', 'FFFFFFFFFFFF', 'F'.repeat(30)), {
    ok: false,
    key: 'cardConsole.test.badDataLength',
  })
  assert.deepEqual(checkBlockWrite('1', '0', 'A', 'FFFFFFFFFFF', 'F'.repeat(32)), {
    ok: false,
    key: 'card.illegalAsciiFormat',
  })
})
