import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import { formatMoney, MAX_CENTS, parseMoney, sumCents, timesCents } from './money.ts'

test('parseMoney reads typed amounts into cents', () => {
  const cases: Array<[string, number | null]> = [
    ['0', 0],
    ['80', 8000],
    ['80.5', 8050],
    ['80.05', 8005],
    ['0.01', 1],
    ['1,234.56', 123456],
    ['1234.56', 123456],
    ['12,345,678.90', 1234567890],
    ['-12.5', -1250],
    ['+3', 300],
    ['-0.00', 0],
    [' 7.10 ', 710],
    ['007', 700],
    ['90071992547409.91', MAX_CENTS],
    ['90071992547409.92', null],
    ['1.234', null],
    ['1,23.00', null],
    ['12,34', null],
    [',123', null],
    ['1.', null],
    ['.5', null],
    ['', null],
    ['abc', null],
    ['1e3', null],
    ['--1', null],
  ]
  for (const [text, cents] of cases) assert.equal(parseMoney(text), cents, text)
})

test('formatMoney writes 2 decimals with thousands separators', () => {
  const cases: Array<[number, string]> = [
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [99999, '999.99'],
    [100000, '1,000.00'],
    [123456, '1,234.56'],
    [123456789, '1,234,567.89'],
    [-1, '-0.01'],
    [-123456, '-1,234.56'],
    [MAX_CENTS, '90,071,992,547,409.91'],
  ]
  for (const [cents, text] of cases) assert.equal(formatMoney(cents), text, String(cents))
  assert.equal(formatMoney(123456, { grouping: false }), '1234.56')
  assert.throws(() => formatMoney(1.5), RangeError)
  assert.throws(() => formatMoney(Number.NaN), RangeError)
})

test('format then parse gives back the same cents, grouped or not', () => {
  fc.assert(
    fc.property(fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }), (cents) => {
      assert.equal(parseMoney(formatMoney(cents)), cents)
      assert.equal(parseMoney(formatMoney(cents, { grouping: false })), cents)
    }),
  )
})

test('sums and products refuse totals a number cannot hold exactly', () => {
  assert.equal(sumCents([1, 2, 3]), 6)
  assert.equal(timesCents(12345, 3), 37035)
  assert.throws(() => sumCents([MAX_CENTS, 1]), RangeError)
  assert.throws(() => timesCents(MAX_CENTS, 2), RangeError)
})
