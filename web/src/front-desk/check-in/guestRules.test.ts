import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import { checkGuest, emptyGuest } from './guestRules.ts'

describe('guest rules', () => {
  test('a guest with a valid mainland ID card (x upper-cased) and a phone', () => {
    const checked = checkGuest({
      ...emptyGuest(true),
      name: ' Li Lei ',
      idNo: '11010519491231002x',
      phone: '13800138000',
    })
    assert.deepEqual(checked, {
      ok: true,
      guest: {
        name: 'Li Lei',
        idType: 'idCard',
        main: true,
        idNo: '11010519491231002X',
        phone: '13800138000',
      },
    })
  })

  test('an ID card number with a wrong check digit is refused; a passport number is not checked that way', () => {
    const bad = checkGuest({ ...emptyGuest(), name: 'Li', idNo: '110105194912310021' })
    assert.ok(!bad.ok)
    assert.equal(bad.errors.idNo?.key, 'frontDeskConsole.error.idCard')
    const passport = checkGuest({ ...emptyGuest(), name: 'Li', idType: 'passport', idNo: 'E12345678' })
    assert.ok(passport.ok)
  })

  test('a name is required and a phone must look like one', () => {
    const checked = checkGuest({ ...emptyGuest(), name: ' ', phone: 'call me' })
    assert.ok(!checked.ok)
    assert.deepEqual(Object.keys(checked.errors).sort(), ['name', 'phone'])
  })
})
