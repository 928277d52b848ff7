import assert from 'node:assert/strict'
import { builtInPacks } from '@pms/protocol'
import { test } from 'vitest'
import { cardTabs, ISSUE_CARD_LABEL } from './tabs.ts'

const tm = { component: 'PmsTmManageCard', tabName: 'card.tab.tm', compType: 0 }
const ht = { component: 'PmsHtManageCard', tabName: 'card.tab.ht', compType: 0 }
const ble = { component: 'PmsBleV3ManageCard', tabName: 'card.tab.bleV3', compType: 0 }
const rec = { component: 'PmsCardRecord', tabName: 'card.tab.record', compType: 0 }

test('all four tabs keep their names and the server order', () => {
  const tabs = cardTabs([tm, ht, ble, rec])
  assert.deepEqual(
    tabs.map((t) => [t.name, t.label, t.panel.kind]),
    [
      ['PmsTmManageCard', 'card.tab.tm', 'issue'],
      ['PmsHtManageCard', 'card.tab.ht', 'issue'],
      ['PmsBleV3ManageCard', 'card.tab.bleV3', 'issue'],
      ['PmsCardRecord', 'card.tab.record', 'record'],
    ],
  )
})

test('one remaining issuing tab is labelled issue card; the record tab keeps its name', () => {
  const tabs = cardTabs([ht, rec])
  assert.equal(tabs[0]!.label, ISSUE_CARD_LABEL)
  assert.equal(tabs[1]!.label, 'card.tab.record')
  assert.equal(cardTabs([ble])[0]!.label, ISSUE_CARD_LABEL)
})

test('unknown components are left out; the input is not changed', () => {
  const input = [tm, { component: 'Other', tabName: 'x', compType: 0 }]
  assert.deepEqual(
    cardTabs(input).map((t) => t.name),
    ['PmsTmManageCard'],
  )
  assert.equal(input[0]!.tabName, 'card.tab.tm')
})

test('the tab labels exist in every built-in language', () => {
  for (const lang of ['zh-CN', 'zh-HK', 'en-US'] as const)
    for (const key of [ISSUE_CARD_LABEL, 'card.tab.tm', 'card.tab.ht', 'card.tab.bleV3', 'card.tab.record'])
      assert.ok(builtInPacks[lang][key], `${lang} ${key}`)
})
