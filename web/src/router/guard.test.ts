import assert from 'node:assert/strict'
import { test } from 'vitest'
import { afterLogin, decide, type GuardInput, isWhiteListed } from './guard.ts'

const base: GuardInput = {
  path: '/system/user',
  fullPath: '/system/user?pageNum=2',
  hasToken: false,
  userType: undefined,
  routesLoaded: false,
  known: true,
}

test('a signed-in user opening /login is sent to /', () => {
  assert.deepEqual(decide({ ...base, path: '/login', fullPath: '/login', hasToken: true }), {
    kind: 'redirect',
    to: '/',
  })
})

test('a signed-in user first loads the menu routes, then unknown paths go to /index', () => {
  assert.deepEqual(decide({ ...base, hasToken: true }), { kind: 'loadRoutes' })
  assert.deepEqual(decide({ ...base, hasToken: true, routesLoaded: true }), { kind: 'allow' })
  assert.deepEqual(decide({ ...base, hasToken: true, routesLoaded: true, known: false }), {
    kind: 'redirect',
    to: '/index',
  })
})

test('the anonymous whitelist, including the prefixes', () => {
  for (const path of [
    '/login',
    '/admin',
    '/auth-redirect',
    '/bind',
    '/register',
    '/zrender-test',
    '/export/bleLock',
    '/http/card-test',
    '/ygs/qrcode/hk',
    '/ygs/qrcode/hk/print',
    '/ygs/qrcode/kk/gw',
    '/ygs/qrcode/kk/gw/print',
    '/private/en-US',
    '/doc/open/12',
    '/file/android/3',
  ]) {
    assert.ok(isWhiteListed(path), path)
    assert.deepEqual(decide({ ...base, path, fullPath: path }), { kind: 'allow' })
  }
  for (const path of ['/', '/index', '/doc/open', '/ygs/qrcode/hk/other', '/login/x', '/404'])
    assert.equal(isWhiteListed(path), false, path)
})

test('anonymous visitors elsewhere go to /admin for type 1, else to /login with the full path', () => {
  assert.deepEqual(decide({ ...base, userType: 1 }), { kind: 'redirect', to: '/admin' })
  assert.deepEqual(decide({ ...base, userType: 2 }), {
    kind: 'redirect',
    to: '/login?redirect=%2Fsystem%2Fuser%3FpageNum%3D2',
  })
  assert.deepEqual(decide(base), { kind: 'redirect', to: '/login?redirect=%2Fsystem%2Fuser%3FpageNum%3D2' })
})

test('after login the redirect parameter is followed only when it is a local path', () => {
  assert.equal(afterLogin('?redirect=%2Fsystem%2Fuser%3FpageNum%3D2'), '/system/user?pageNum=2')
  assert.equal(afterLogin(''), '/')
  assert.equal(afterLogin('?redirect=https%3A%2F%2Fevil.example'), '/')
  assert.equal(afterLogin('?redirect=%2F%2Fevil.example'), '/')
})
