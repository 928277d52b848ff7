import assert from 'node:assert/strict'
import { builtInPacks, translate } from '@pms/protocol'
import { test } from 'vitest'
import { dictText, refundReasonText, regionText } from './dict.ts'
import type { Translate } from './translate.ts'

const en: Translate = (key, params) => translate('en-US', key, params)
const hk: Translate = (key, params) => translate('zh-HK', key, params)
const exists = (key: string) => key in builtInPacks['en-US']

test('seeded property types read in the reader’s language; a value a property added keeps its own label', () => {
  assert.equal(dictText(en, 'pms_property_type', { dictValue: '2', dictLabel: '公寓' }, exists), 'Apartment')
  assert.equal(dictText(hk, 'pms_property_type', { dictValue: '5', dictLabel: '办公' }, exists), '辦公')
  assert.equal(dictText(en, 'pms_property_type', { dictValue: '9', dictLabel: '营地' }, exists), '营地')
})

test('seeded refund reasons read in the reader’s language; one an administrator added, as the dictionary labels it', () => {
  assert.equal(
    refundReasonText(en, { value: 'earlyDeparture', label: '提前退房' }, exists),
    'Early departure',
  )
  assert.equal(refundReasonText(hk, { value: 'depositReturn', label: '退还押金' }, exists), '退還按金')
  assert.equal(refundReasonText(en, { value: 'goodwill', label: '商誉补偿' }, exists), '商誉补偿')
  assert.equal(refundReasonText(en, { value: 'goodwill', label: '' }, exists), 'goodwill')
})

test('provinces are translated; cities keep their names', () => {
  assert.equal(regionText(en, { code: '440000', name: '广东省' }, exists), 'Guangdong')
  assert.equal(regionText(hk, { code: '440000', name: '广东省' }, exists), '廣東省')
  assert.equal(regionText(en, { code: '440300', name: '深圳市' }, exists), '深圳市')
})

test('plural placeholders: one and other in English', () => {
  assert.equal(translate('en-US', 'deskChart.nights', [1]), '1 night')
  assert.equal(translate('en-US', 'deskChart.nights', [3]), '3 nights')
  assert.equal(translate('zh-CN', 'deskChart.nights', [1]), '1晚')
  assert.equal(translate('en-US', 'roomStatus.shown', { shown: 1, total: 1 }), 'Showing 1 of 1 room')
})
