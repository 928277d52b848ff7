import assert from 'node:assert/strict'
import { test } from 'vitest'
import {
  allSelected,
  DEFAULT_PAGE_SIZE,
  headerState,
  PAGE_SIZES,
  pageAfterRemoval,
  pageCount,
  toggleAll,
  toggleRow,
} from './paging.ts'
import { permitted } from './permissions.ts'

test('page sizes are 10/20/30/50 with 10 by default', () => {
  assert.deepEqual([...PAGE_SIZES], [10, 20, 30, 50])
  assert.equal(DEFAULT_PAGE_SIZE, 10)
  assert.equal(pageCount(0, 10), 1)
  assert.equal(pageCount(10, 10), 1)
  assert.equal(pageCount(11, 10), 2)
})

test('deleting the last rows of the last page goes back a page', () => {
  assert.equal(pageAfterRemoval(3, 10, 21, 1), 2)
  assert.equal(pageAfterRemoval(3, 10, 22, 1), 3)
  assert.equal(pageAfterRemoval(1, 10, 1, 1), 1)
  assert.equal(pageAfterRemoval(2, 10, 20, 10), 1)
})

test('rows are ticked one by one or all at once; the header shows all, some or none', () => {
  const ids = [1, 2, 3]
  let s = toggleRow(new Set(), 2, true)
  assert.equal(headerState(s, ids), 'indeterminate')
  s = toggleAll(s, ids)
  assert.ok(allSelected(s, ids))
  assert.equal(headerState(s, ids), true)
  s = toggleRow(s, 1, false)
  assert.deepEqual([...s].sort(), [2, 3])
  s = toggleAll(toggleAll(s, ids), ids)
  assert.equal(headerState(s, ids), false)
  assert.equal(allSelected(new Set(), []), false)
})

test('operations bound to a permission are hidden without it', () => {
  const items = [
    { key: 'edit', permission: 'pms:pmsArea:edit' },
    { key: 'remove', permission: 'pms:pmsArea:remove' },
    { key: 'view' },
  ]
  assert.deepEqual(
    permitted(items, ['pms:pmsArea:list']).map((i) => i.key),
    ['view'],
  )
  assert.deepEqual(
    permitted(items, ['pms:pmsArea:edit']).map((i) => i.key),
    ['edit', 'view'],
  )
  assert.deepEqual(
    permitted(items, ['*:*:*']).map((i) => i.key),
    ['edit', 'remove', 'view'],
  )
})
