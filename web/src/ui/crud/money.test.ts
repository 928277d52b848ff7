import assert from 'node:assert/strict'
import { test } from 'vitest'
import { formatMoney, MAX_CENTS, moneyInput, parseMoney } from './money.ts'

const cents = (text: string) => {
  const r = parseMoney(text)
  return r.ok ? r.cents : r.reason
}

test('yuan text becomes integer cents', () => {
  assert.equal(cents('12.3'), 1230)
  assert.equal(cents('1,234.50'), 123450)
  assert.equal(cents('199.00'), 19900)
  assert.equal(cents('199'), 19900)
  assert.equal(cents(' 0.05 '), 5)
  assert.equal(cents('0'), 0)
  assert.equal(cents('007.10'), 710)
  assert.equal(cents('1,000,000'), 100000000)
  assert.equal(cents('100000000.00'), MAX_CENTS)
})

test('bad money text is refused with a reason', () => {
  for (const bad of [
    '1.234',
    '-1',
    '-0.50',
    '1,23.00',
    '12,34',
    '1.',
    '.5',
    'abc',
    '1e3',
    '+5',
    '1 000',
    '¥5',
  ])
    assert.equal(cents(bad), 'format', bad)
  assert.equal(cents(''), 'empty')
  assert.equal(cents('   '), 'empty')
  assert.equal(cents('100000000.01'), 'tooLarge')
  assert.equal(cents('99999999999'), 'tooLarge')
})

test('cents show with 2 decimals and thousands separators', () => {
  assert.equal(formatMoney(123450), '1,234.50')
  assert.equal(formatMoney(19900), '199.00')
  assert.equal(formatMoney(5), '0.05')
  assert.equal(formatMoney(0), '0.00')
  assert.equal(formatMoney(123456789), '1,234,567.89')
  assert.equal(formatMoney(-150), '-1.50')
  assert.equal(formatMoney(null), '')
  assert.equal(formatMoney(undefined), '')
  assert.equal(moneyInput(123450), '1234.50')
})

test('format and parse round-trip', () => {
  for (const n of [0, 1, 99, 100, 1230, 123450, 987654321, MAX_CENTS]) {
    assert.equal(cents(formatMoney(n)), n)
    assert.equal(cents(moneyInput(n)), n)
  }
})
