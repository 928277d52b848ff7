import assert from 'node:assert/strict'
import { test } from 'vitest'
import { translate } from '../i18n/index.ts'
import { isPackMessage, renderPackMessage } from './pack-message.ts'

const message = {
  key: 'roomStock.state.changed',
  params: ['101, 102', { key: 'roomStock.state.set', params: ['@roomStock.state.dirty'] }],
}

test('a stored message renders in each reader’s language, nested messages and @keys included', () => {
  const zh = renderPackMessage((k, p) => translate('zh-CN', k, p), message)
  const en = renderPackMessage((k, p) => translate('en-US', k, p), message)
  assert.notEqual(zh, en)
  assert.ok(en.includes('101, 102'))
  assert.ok(en.includes(translate('en-US', 'roomStock.state.dirty')), en)
  assert.ok(zh.includes(translate('zh-CN', 'roomStock.state.dirty')), zh)
  assert.ok(!en.includes('{'), en)
})

test('only key-and-params objects pass for messages', () => {
  assert.equal(isPackMessage(message), true)
  assert.equal(isPackMessage({ key: 'a' }), true)
  assert.equal(isPackMessage({ key: 1 }), false)
  assert.equal(isPackMessage('orders.push.body'), false)
  assert.equal(isPackMessage(null), false)
})
