import assert from 'node:assert/strict'
import { test } from 'vitest'
import { ATTENDED_MS, attended, noteAction, watchAttention } from './attention.ts'

test("a console's calls are its user's for a minute after an action, then unattended", () => {
  noteAction(1_000_000)
  assert.equal(attended(1_000_000 + ATTENDED_MS - 1), true)
  assert.equal(attended(1_000_000 + ATTENDED_MS), false)
})

test('key presses, clicks, touches and scrolls anywhere on the page are actions', () => {
  const page = new EventTarget()
  watchAttention(page as unknown as Window)
  for (const type of ['keydown', 'pointerdown', 'wheel', 'touchstart']) {
    noteAction(0)
    assert.equal(attended(), false)
    page.dispatchEvent(new Event(type))
    assert.equal(attended(), true, type)
  }
})
