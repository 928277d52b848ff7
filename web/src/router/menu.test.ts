import assert from 'node:assert/strict'
import type { RouteItem } from '@pms/protocol'
import { test } from 'vitest'
import { breadcrumbs, buildMenu, leaves, sidebarItems, trail } from './menu.ts'

const routes: RouteItem[] = [
  {
    path: '/system',
    hidden: false,
    component: 'Layout',
    meta: { title: 'System' },
    children: [
      { path: 'user', hidden: false, component: 'system/user/index', meta: { title: 'Users' } },
      { path: 'role', hidden: false, component: 'system/role/index', meta: { title: 'Roles' } },
      { path: 'user-auth/:id', hidden: true, component: 'system/user/authRole', meta: { title: 'Assign' } },
    ],
  },
  {
    path: '/pmsManagement',
    hidden: false,
    component: 'Layout',
    meta: { title: 'Hotel' },
    children: [
      { path: 'pmsEvent', hidden: false, component: 'pms/pmsEvent/index', meta: { title: 'Events' } },
    ],
  },
  {
    path: '/shop',
    hidden: false,
    component: 'Layout',
    meta: { title: 'Shop' },
    children: [{ path: 'cart', hidden: false, component: 'ord/cart/index', meta: { title: 'Cart' } }],
  },
  { path: 'https://example.com/docs', hidden: false, component: 'Layout', meta: { title: 'Docs' } },
]

const built = new Set([
  'system/user/index',
  'system/role/index',
  'system/user/authRole',
  'pms/pmsEvent/index',
])
const menu = buildMenu(routes, (c) => built.has(c))

test('routes without a built screen, and groups left empty, are not in the menu', () => {
  assert.deepEqual(
    menu.map((n) => n.path),
    ['/system', '/pmsManagement', 'https://example.com/docs'],
  )
  assert.deepEqual(
    leaves(menu).map((n) => n.path),
    ['/system/user', '/system/role', '/system/user-auth/:id', '/pmsManagement/pmsEvent'],
  )
})

test('a group with one visible child collapses into it; hidden children are not listed', () => {
  const items = sidebarItems(menu)
  assert.equal(items.length, 3)
  assert.deepEqual(
    items[0]!.children.map((c) => c.path),
    ['/system/user', '/system/role'],
  )
  assert.deepEqual(items[1], {
    path: '/pmsManagement/pmsEvent',
    title: 'Events',
    icon: undefined,
    link: undefined,
    children: [],
  })
  assert.equal(items[2]!.link, 'https://example.com/docs')
})

test('alwaysShow keeps a single-child group as a group', () => {
  const [group] = buildMenu([{ ...routes[1]!, alwaysShow: true }], () => true)
  assert.equal(sidebarItems([group!])[0]!.children.length, 1)
})

test('breadcrumbs start at home unless the first match is the dashboard', () => {
  const home = { title: 'Home', path: '/index' }
  const chain = trail(menu, '/system/role').map((n) => ({ title: n.title, path: n.path }))
  assert.deepEqual(
    breadcrumbs(chain, home).map((c) => c.title),
    ['Home', 'System', 'Roles'],
  )
  assert.deepEqual(breadcrumbs([home], home), [home])
})

test('a screen titled like its group is named once in the breadcrumbs', () => {
  const home = { title: 'Home', path: '/index' }
  const chain = [{ title: 'menu.property' }, { title: 'menu.property', path: '/pmsProperty/index' }]
  assert.deepEqual(breadcrumbs(chain, home), [home, { title: 'menu.property', path: '/pmsProperty/index' }])
})
