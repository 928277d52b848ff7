import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { MenuNode } from '../router/menu.ts'
import { createSearch, SEARCH_OPTIONS, searchPool } from './search.ts'

const node = (path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  path,
  title,
  hidden: false,
  alwaysShow: false,
  affix: false,
  breadcrumb: true,
  children: [],
  component: 'x',
  ...extra,
})

const menu: MenuNode[] = [
  node('/system', 'System', {
    component: undefined,
    children: [
      node('/system/user', 'Users'),
      node('/system/role', 'Roles'),
      node('/system/secret', 'Secret', { hidden: true }),
    ],
  }),
  node('/pmsManagement/pmsEvent', 'Events'),
]

test('the options are the ones SPEC §2.3 fixes', () => {
  assert.equal(SEARCH_OPTIONS.threshold, 0.4)
  assert.deepEqual(SEARCH_OPTIONS.keys, [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ])
})

test('the pool holds visible screens with their group titles', () => {
  assert.deepEqual(
    searchPool(menu, (t) => t.toUpperCase()),
    [
      { title: 'SYSTEM > USERS', path: '/system/user' },
      { title: 'SYSTEM > ROLES', path: '/system/role' },
      { title: 'EVENTS', path: '/pmsManagement/pmsEvent' },
    ],
  )
})

test('fuzzy matches by title and by path; nonsense finds nothing', () => {
  const search = createSearch(searchPool(menu, (t) => t))
  assert.equal(search('Rols')[0]?.path, '/system/role')
  assert.equal(search('pmsEvent')[0]?.path, '/pmsManagement/pmsEvent')
  assert.deepEqual(search('zzqqxx'), [])
  assert.deepEqual(search('  '), [])
})

test('a title match outranks a path-only match', () => {
  const search = createSearch([
    { title: 'Events', path: '/a/b' },
    { title: 'Other', path: '/events' },
  ])
  assert.equal(search('events')[0]?.title, 'Events')
})
