import assert from 'node:assert/strict'
import { test } from 'vitest'
import { ChartRelay } from './chart-channel.ts'

test('changes heard while a property is being published fold into one more message; properties do not wait on each other', async () => {
  const sent: number[] = []
  const pending: Array<() => void> = []
  const relay = new ChartRelay(async (propertyId) => {
    sent.push(propertyId)
    await new Promise<void>((resolve) => pending.push(resolve))
  })
  relay.changed(1)
  relay.changed(1)
  relay.changed(1)
  relay.changed(2)
  assert.deepEqual(sent, [1, 2])
  pending.shift()!()
  await new Promise((resolve) => setImmediate(resolve))
  // The two changes heard during the first message: one more.
  assert.deepEqual(sent, [1, 2, 1])
  for (const release of pending.splice(0)) release()
  await relay.idle()
  assert.deepEqual(sent, [1, 2, 1])
})

test('a failed publish does not stop the next', async () => {
  const sent: number[] = []
  const relay = new ChartRelay(async (propertyId) => {
    sent.push(propertyId)
    throw new Error('broker down')
  })
  relay.changed(7)
  await relay.idle()
  relay.changed(7)
  await relay.idle()
  assert.deepEqual(sent, [7, 7])
})
