import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { test } from 'vitest'
import { BridgeError } from '../bridge/client.ts'
import { scanFailureText } from './syncSource.ts'

const t = (key: string, params?: unknown) => translate('en-US', key, params as never)
const noSource = translate('en-US', 'devices.sync.noSource')

test.each([
  ['no bridge reachable', new BridgeError('', 0)],
  ['no bridge behind this origin', new BridgeError('Not Found', 404)],
  [
    'no Bluetooth adapter',
    new BridgeError('Device unavailable: bluetooth', 503, {
      code: 'unavailable',
      messageKey: 'x',
      params: {},
    }),
  ],
  ['anything else thrown', new Error('boom')],
])('%s: no data source', (_, error) => {
  assert.equal(scanFailureText(error, t), noSource)
})

test('another device error keeps the bridge’s words', () => {
  const error = new BridgeError('Device busy', 409, { code: 'queueFull', messageKey: 'x', params: {} })
  assert.equal(scanFailureText(error, t), 'Device busy')
})
