import assert from 'node:assert/strict'
import { test } from 'vitest'
import { coalesced } from './coalesced.ts'

test('calls made while a run is under way fold into one more run after it', async () => {
  const releases: Array<() => void> = []
  let runs = 0
  const reload = coalesced(async () => {
    runs++
    await new Promise<void>((resolve) => releases.push(resolve))
  })
  reload()
  reload()
  reload()
  assert.equal(runs, 1)
  releases.shift()!()
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.equal(runs, 2)
  releases.shift()!()
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.equal(runs, 2, 'nothing asked during the second run')
})

test('a failed run does not stop the next', async () => {
  let runs = 0
  const reload = coalesced(async () => {
    runs++
    throw new Error('offline')
  })
  reload()
  await new Promise((resolve) => setTimeout(resolve, 0))
  reload()
  await new Promise((resolve) => setTimeout(resolve, 0))
  assert.equal(runs, 2)
})
