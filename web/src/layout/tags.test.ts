import assert from 'node:assert/strict'
import { test } from 'node:test'
import { addTag, closeAll, closeOthers, closeTag, retitle, type Tag } from './tags.ts'

const home: Tag = { path: '/index', title: 'Home', affix: true }
const a: Tag = { path: '/a', title: 'A', affix: false }
const b: Tag = { path: '/b', title: 'B', affix: false }
const c: Tag = { path: '/c', title: 'C', affix: false }
const all = [home, a, b, c]

test('adding a tag twice keeps one, with the newer title', () => {
  assert.deepEqual(addTag(addTag([home], a), a), [home, a])
  assert.deepEqual(addTag([home, a], { ...a, title: 'A2' })[1]!.title, 'A2')
})

test('the affixed home tab cannot be closed', () => {
  assert.deepEqual(closeTag(all, '/index', '/index', '/index'), { tags: all })
})

test('closing the active tab moves to its neighbour; closing another stays', () => {
  assert.deepEqual(closeTag(all, '/b', '/b', '/index'), { tags: [home, a, c], navigateTo: '/c' })
  assert.deepEqual(closeTag(all, '/c', '/c', '/index'), { tags: [home, a, b], navigateTo: '/b' })
  assert.deepEqual(closeTag(all, '/a', '/c', '/index'), { tags: [home, b, c] })
  assert.deepEqual(closeTag([a], '/a', '/a', '/index'), { tags: [], navigateTo: '/index' })
})

test('close others keeps affixed tabs and the chosen one, and opens it', () => {
  assert.deepEqual(closeOthers(all, '/b', '/c'), { tags: [home, b], navigateTo: '/b' })
  assert.deepEqual(closeOthers(all, '/b', '/b'), { tags: [home, b], navigateTo: undefined })
})

test('close all keeps only affixed tabs and goes to the last of them', () => {
  assert.deepEqual(closeAll(all, '/b', '/index'), { tags: [home], navigateTo: '/index' })
  assert.deepEqual(closeAll(all, '/index', '/index'), { tags: [home], navigateTo: undefined })
  assert.deepEqual(closeAll([a], '/a', '/index'), { tags: [], navigateTo: '/index' })
})

test('a tab can be retitled (the check-in page adds the room name)', () => {
  assert.equal(retitle(all, '/a', 'Check-in 101')[1]!.title, 'Check-in 101')
})
