import assert from 'node:assert/strict'
import { test } from 'vitest'
import { addTag, closeAll, closeOthers, closeTag, isActiveTag, retitle, type Tag, tagKey } from './tags.ts'

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

test('one tab per screen and record: query-string state is not another tab', () => {
  const reserve = addTag(addTag([home], { path: '/reserve', title: 'R', affix: false }), {
    path: '/reserve?roomId=5&roomTypeId=2',
    title: 'R',
    affix: false,
  })
  assert.deepEqual(
    reserve.map((t) => t.path),
    ['/index', '/reserve?roomId=5&roomTypeId=2'],
  )
  let detail = [home]
  for (const tab of ['rooms', 'folio', 'guests', 'cards', 'folio'])
    detail = addTag(detail, { path: `/d?orderId=7&tab=${tab}`, title: 'D', affix: false })
  assert.deepEqual(
    detail.map((t) => t.path),
    ['/index', '/d?orderId=7&tab=folio'],
  )
  // Another order is another record, so another tab.
  detail = addTag(detail, { path: '/d?tab=rooms&orderId=8', title: 'D', affix: false })
  assert.deepEqual(
    detail.map((t) => tagKey(t.path)),
    ['/index', '/d?orderId=7', '/d?orderId=8'],
  )
  assert.ok(isActiveTag(detail[1]!, '/d?orderId=7&tab=rooms'))
  assert.ok(!isActiveTag(detail[1]!, '/d?orderId=8'))
})

test('closing others from a tab whose address has changed goes to its latest address', () => {
  const tags = [home, a, { path: '/d?orderId=7&tab=folio', title: 'D', affix: false }]
  assert.deepEqual(closeOthers(tags, '/d?orderId=7&tab=folio', '/a').navigateTo, '/d?orderId=7&tab=folio')
  assert.deepEqual(closeTag(tags, '/d?orderId=7', '/d?orderId=7&tab=rooms', '/index').navigateTo, '/a')
})

test('a retitled tab keeps its title key and its detail apart, so it translates again', () => {
  const tags = retitle(all, '/a', 'checkIn.title', '101, 102')
  assert.deepEqual(tags[1], { path: '/a', title: 'checkIn.title', detail: '101, 102', affix: false })
  // Visiting again under the same key keeps the detail.
  assert.equal(
    addTag(tags, { path: '/a?tab=x', title: 'checkIn.title', affix: false })[1]!.detail,
    '101, 102',
  )
})
