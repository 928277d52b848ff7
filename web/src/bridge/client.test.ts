import assert from 'node:assert/strict'
import { test } from 'vitest'
import { BridgeError, readEnvelope } from './client.ts'

test('a 200 envelope gives its data', () => {
  assert.deepEqual(readEnvelope(200, { code: 200, msg: 'Done', data: { uid: 'A1B2C3D4' } }, 'x'), {
    uid: 'A1B2C3D4',
  })
})

test('a device error carries the translated text and its code', () => {
  const body = {
    code: 409,
    msg: 'Place a card on the encoder',
    data: {
      error: {
        code: 'noCard',
        messageKey: 'device.error.noCard',
        params: {},
        text: 'Place a card on the encoder',
      },
    },
  }
  assert.throws(
    () => readEnvelope(409, body as never, 'x'),
    (e: unknown) =>
      e instanceof BridgeError &&
      e.message === 'Place a card on the encoder' &&
      e.status === 409 &&
      e.device?.code === 'noCard',
  )
})

test('without a device error the message, then the fallback, is used', () => {
  assert.throws(() => readEnvelope(400, { code: 400, msg: 'The request field sectors is not valid' }, 'x'), {
    message: 'The request field sectors is not valid',
  })
  assert.throws(() => readEnvelope(502, undefined, 'HTTP 502'), { message: 'HTTP 502' })
  assert.throws(() => readEnvelope(500, { code: 200, data: {} }, 'HTTP 500'), { message: 'HTTP 500' })
})
