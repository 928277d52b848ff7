import assert from 'node:assert/strict'
import { test } from 'vitest'
import { EMPTY_FILTERS, RECORD_PAGE_SIZE, recordQuery } from './recordFilters.ts'

test('empty filters send only the page', () => {
  assert.deepEqual(recordQuery(EMPTY_FILTERS, 3), {
    pageNum: 3,
    pageSize: RECORD_PAGE_SIZE,
    cardType: undefined,
    state: undefined,
    cardid: undefined,
    beginTime: undefined,
    endTime: undefined,
  })
})

test('filters are passed on; the UID upper-cased, card type as a number (0 kept)', () => {
  const q = recordQuery(
    { cardType: '0', state: 'failed', cardid: ' a1b2c3d4 ', beginTime: '2025-01-01', endTime: '2025-01-31' },
    1,
  )
  assert.deepEqual(q, {
    pageNum: 1,
    pageSize: RECORD_PAGE_SIZE,
    cardType: 0,
    state: 'failed',
    cardid: 'A1B2C3D4',
    beginTime: '2025-01-01',
    endTime: '2025-01-31',
  })
})

test('a UID filter that is not 8 or 14 hex digits is refused before the call', () => {
  for (const cardid of ['A1B2C3', 'A1B2C3D4E5', 'XYZ12345'])
    assert.deepEqual(recordQuery({ ...EMPTY_FILTERS, cardid }, 1), { invalid: 'cardid' }, cardid)
  assert.ok(!('invalid' in recordQuery({ ...EMPTY_FILTERS, cardid: '04A1B2C3D4E5F6' }, 1)))
})
