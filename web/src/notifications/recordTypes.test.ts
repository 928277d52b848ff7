import assert from 'node:assert/strict'
import { test } from 'vitest'
import { badgeText, EVENT_TABS, PUSH_RECORD_TAB, pageCount, recordToast } from './recordTypes.ts'

test('the unread badge is capped at 99', () => {
  assert.equal(badgeText(0), '')
  assert.equal(badgeText(7), '7')
  assert.equal(badgeText(99), '99')
  assert.equal(badgeText(100), '99+')
})

test('pages of ten', () => {
  assert.equal(pageCount(0), 1)
  assert.equal(pageCount(10), 1)
  assert.equal(pageCount(11), 2)
})

test('the bell opens the push-record tab, which exists', () => {
  assert.ok(EVENT_TABS.some((t) => t.name === PUSH_RECORD_TAB))
})

test('a room status record pops no toast (the chart shows it); order and system records pop theirs', () => {
  assert.equal(
    recordToast({
      recordType: 'roomStatus',
      recordTitle: 'Room status',
      recordBody: '{"roomId":3,"occupancy":"occupied","dirty":false}',
    }),
    null,
  )
  assert.deepEqual(recordToast({ recordType: 'order', recordTitle: 'New booking', recordBody: 'Room 101' }), {
    title: 'New booking',
    body: 'Room 101',
  })
  assert.deepEqual(recordToast({ recordType: 'system', recordTitle: 'Maintenance' }), {
    title: 'Maintenance',
    body: '',
  })
  assert.equal(recordToast({ recordType: 'order' }), null, 'no title, nothing to show')
})
