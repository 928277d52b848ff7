import assert from 'node:assert/strict'
import { builtInPacks } from '@pms/protocol'
import { test } from 'vitest'
import type { MenuNode } from '../router/menu.ts'
import { hasChinese, reading } from './reading.ts'
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

// The desk's real menu titles, in each built-in language, with the typos people make (issue: '房太图', '预定').
const desk: MenuNode[] = [
  node('/frontDesk', 'orders.menu', {
    component: undefined,
    children: [
      node('/reserve', 'frontDeskConsole.menu.reserve'),
      node('/frontDesk/pmsOrder', 'frontDeskConsole.menu.orders'),
      node('/frontDesk/pmsOrder/checkIn', 'frontDeskConsole.menu.checkIn'),
    ],
  }),
  node('/roomStock', 'roomStock.menu', {
    component: undefined,
    children: [
      node('/roomStock/roomStatus', 'roomStatus.menu'),
      node('/roomStock/area', 'roomStock.menu.area'),
    ],
  }),
  node('/pmsManagement/pmsEvent', 'console.route.events'),
]

test.each([
  ['zh-CN', '房太图', '/roomStock/roomStatus'],
  ['zh-CN', '房态', '/roomStock/roomStatus'],
  ['zh-CN', '预定', '/reserve'],
  ['zh-CN', '订单管里', '/frontDesk/pmsOrder'],
  ['zh-HK', '房太圖', '/roomStock/roomStatus'],
  ['zh-HK', '預定', '/reserve'],
  ['zh-HK', '訂单管理', '/frontDesk/pmsOrder'],
  ['en-US', 'room stauts', '/roomStock/roomStatus'],
  ['en-US', 'reservatons', '/reserve'],
  ['en-US', 'chek in', '/frontDesk/pmsOrder/checkIn'],
  ['en-US', 'roomStatus', '/roomStock/roomStatus'],
] as const)('%s: a typo query "%s" finds %s', (lang, query, path) => {
  const search = createSearch(
    searchPool(desk, (key) => builtInPacks[lang][key] ?? key),
    reading,
    hasChinese,
  )
  assert.equal(search(query)[0]?.path, path)
})
