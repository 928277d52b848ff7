import assert from 'node:assert/strict'
import { CardType, translate } from '@pms/protocol'
import { test } from 'vitest'
import type { Translate } from '../i18n/translate.ts'
import { lockSheet, recordSheet } from './sheets.ts'

const t: Translate = (key, params) => translate('en-US', key, params)

test('the lock sheet has a translated header and one row per lock, empty cells for unknowns', () => {
  const sheet = lockSheet(
    [
      { mac: 'C0DE00000001', name: 'LOCK-101', rssi: -52, roomNo: '101', battery: 87 },
      { mac: 'C0DE00000002', name: '', rssi: undefined, roomNo: '', battery: undefined },
    ],
    t,
  )
  assert.deepEqual(sheet.header, ['MAC', 'Name', 'Battery', 'RSSI', 'Bound room'])
  assert.deepEqual(sheet.rows, [
    ['C0DE00000001', 'LOCK-101', 87, -52, '101'],
    ['C0DE00000002', '', '', '', ''],
  ])
})

test('open records name the source, the outcome (refusals in words) and the card type', () => {
  const time = new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000
  const sheet = recordSheet(
    'C0DE00000001',
    [
      { time, source: 'card', outcome: 'accept', cardType: CardType.GUEST, cardNo: 9, issueSequence: 2 },
      { time, source: 'ble', outcome: 'wrong-room', cardType: CardType.STAFF, cardNo: 10, issueSequence: 0 },
    ],
    t,
  )
  assert.deepEqual(sheet.rows, [
    ['2025-01-02 03:04:05', 'Card', 'Opened', 'Guest card', 9, 2],
    ['2025-01-02 03:04:05', 'Bluetooth', 'The card is not for this room', 'Staff card (multi-door)', 10, 0],
  ])
  assert.equal(sheet.header.length, sheet.rows[0]!.length)
})
