import assert from 'node:assert/strict'
import { afterEach, beforeEach, test, vi } from 'vitest'
import { ChartRelay } from './chart-channel.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Lets settled publishes' callbacks run (no timer moves). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

test('changes heard while a property is being published fold into one more message; properties do not wait on each other', async () => {
  const sent: number[] = []
  const pending: Array<() => void> = []
  const relay = new ChartRelay(async (propertyId) => {
    sent.push(propertyId)
    await new Promise<void>((resolve) => pending.push(resolve))
  }, 250)
  relay.changed(1)
  relay.changed(1)
  relay.changed(1)
  relay.changed(2)
  assert.deepEqual(sent, [1, 2])
  pending.shift()!()
  await settle()
  assert.deepEqual(sent, [1, 2], 'the next waits out the spacing')
  await vi.advanceTimersByTimeAsync(250)
  // The two changes heard during the first message: one more.
  assert.deepEqual(sent, [1, 2, 1])
  for (const release of pending.splice(0)) release()
  await relay.idle()
  await vi.advanceTimersByTimeAsync(1000)
  assert.deepEqual(sent, [1, 2, 1])
})

test('a busy property is published at most once per spacing, the first change at once, none lost at the end', async () => {
  const sent: number[] = []
  const relay = new ChartRelay(async () => {
    sent.push(Date.now())
  }, 250)
  const start = Date.now()
  // A change every 10 ms for a second.
  for (let at = 0; at < 1000; at += 10) {
    relay.changed(5)
    await vi.advanceTimersByTimeAsync(10)
  }
  await vi.advanceTimersByTimeAsync(1000)
  const times = sent.map((t) => t - start)
  assert.equal(times[0], 0, 'the first change is published at once')
  for (let i = 1; i < times.length; i++) assert.ok(times[i]! - times[i - 1]! >= 250, `spaced: ${times}`)
  assert.ok(times.length >= 4 && times.length <= 5, `a message per quarter second: ${times}`)
  assert.ok(times.at(-1)! >= 990 - 250, 'the last changes are published after the burst')
})

test('a failed publish does not stop the next', async () => {
  const sent: number[] = []
  const relay = new ChartRelay(async (propertyId) => {
    sent.push(propertyId)
    throw new Error('broker down')
  }, 250)
  relay.changed(7)
  await relay.idle()
  await vi.advanceTimersByTimeAsync(250)
  relay.changed(7)
  await relay.idle()
  assert.deepEqual(sent, [7, 7])
})

test('closed, it publishes nothing more and drops what waits for its spacing', async () => {
  const sent: number[] = []
  const relay = new ChartRelay(async (propertyId) => {
    sent.push(propertyId)
  }, 250)
  relay.changed(3)
  relay.changed(3)
  await settle()
  relay.close()
  await vi.advanceTimersByTimeAsync(1000)
  relay.changed(3)
  await relay.idle()
  assert.deepEqual(sent, [3])
})
