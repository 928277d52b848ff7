import assert from 'node:assert/strict'
import { test } from 'node:test'
import { badgeText, EVENT_TABS, PUSH_RECORD_TAB, pageCount } from './recordTypes.ts'

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
