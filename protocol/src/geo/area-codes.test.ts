import assert from 'node:assert/strict'
import { test } from 'vitest'
import { AREA_CODES, checkPhoneLength, DEFAULT_AREA_CODE, findAreaCode } from './area-codes.ts'

test('every entry is well formed and the dial codes are four digits', () => {
  assert.ok(AREA_CODES.length > 200)
  for (const a of AREA_CODES) {
    assert.match(a.id, /^\d{4}$/)
    assert.match(a.aleph, /^[A-Z]$/)
    assert.ok(a.continent >= 0 && a.continent <= 5)
    assert.equal(a.validateflag, a.maxlength !== undefined && a.minlength !== undefined)
  }
  assert.equal(findAreaCode(DEFAULT_AREA_CODE)?.enValue, 'China')
})

test('per-country phone length: 6 to 10 for Taiwan, Hong Kong, Macao; 6 to 13 for the listed others', () => {
  assert.deepEqual(checkPhoneLength('0852', '91234567'), { ok: true })
  assert.deepEqual(checkPhoneLength('0852', '12345678901'), { ok: false, min: 6, max: 10 })
  assert.deepEqual(checkPhoneLength('0886', '12345'), { ok: false, min: 6, max: 10 })
  assert.deepEqual(checkPhoneLength('0001', '12345678901234'), { ok: false, min: 6, max: 13 })
  assert.deepEqual(checkPhoneLength('0044', '7700900123'), { ok: true })
  // Countries without the flag are not validated.
  assert.deepEqual(checkPhoneLength('0260', '1'), { ok: true })
})
