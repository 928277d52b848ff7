import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { test } from 'vitest'
import type { Translate } from '../i18n/translate.ts'
import { badgeText, EVENT_TABS, PUSH_RECORD_TAB, pageCount, recordText, recordToast } from './recordTypes.ts'

const en: Translate = (key, params) => translate('en-US', key, params)
const hk: Translate = (key, params) => translate('zh-HK', key, params)

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
    recordToast(
      {
        recordType: 'roomStatus',
        recordTitle: 'Room status',
        recordBody: '{"roomId":3,"occupancy":"occupied","dirty":false}',
      },
      en,
    ),
    null,
  )
  assert.deepEqual(
    recordToast({ recordType: 'order', recordTitle: 'New booking', recordBody: 'Room 101' }, en),
    {
      title: 'New booking',
      body: 'Room 101',
    },
  )
  assert.deepEqual(recordToast({ recordType: 'system', recordTitle: 'Maintenance' }, en), {
    title: 'Maintenance',
    body: '',
  })
  assert.equal(recordToast({ recordType: 'order' }, en), null, 'no title, nothing to show')
})

test('a record with stored messages reads in the reader’s language; a room-status body (data) is never shown', () => {
  const record = {
    recordType: 'roomStatus',
    recordTitle: '房态变更：101 设为脏房',
    recordBody: '{"roomIds":[6],"state":"dirty","value":true}',
    title: {
      key: 'roomStock.state.changed',
      params: ['101', { key: 'roomStock.state.set', params: ['@roomStock.state.dirty'] }],
    },
  }
  assert.deepEqual(recordText(record, en), { title: 'Room state changed: 101 set dirty', body: '' })
  assert.deepEqual(recordText(record, hk), { title: '房態變更：101 設為髒房', body: '' })
  const order = {
    recordType: 'order',
    recordTitle: '新预订 R1',
    recordBody: '张三，101，…',
    title: { key: 'orders.push.reserved', params: ['R1'] },
    body: { key: 'orders.push.body', params: ['Zhang San', '101', '2026-11-24', '2026-11-25'] },
  }
  assert.deepEqual(recordToast(order, en), {
    title: 'New reservation R1',
    body: 'Zhang San, 101, 2026-11-24 to 2026-11-25',
  })
})
