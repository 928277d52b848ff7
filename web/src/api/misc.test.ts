import assert from 'node:assert/strict'
import { test } from 'vitest'
import { unwrapCaptcha } from './auth.ts'
import { filenameFrom, inspectDownload } from './blob.ts'
import { encodeQuery, withQuery } from './query.ts'
import { claimReloginDialog, releaseReloginDialog, shouldReloadAfterRelogin } from './relogin.ts'

const t = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  params ? `${key}:${(params as unknown[]).join(',')}` : key

test('only one re-login dialog at a time', () => {
  assert.equal(claimReloginDialog(), true)
  assert.equal(claimReloginDialog(), false)
  assert.equal(claimReloginDialog(), false)
  releaseReloginDialog()
  assert.equal(claimReloginDialog(), true)
  releaseReloginDialog()
})

test('after confirming, reload unless on the login page', () => {
  assert.equal(shouldReloadAfterRelogin('/login'), false)
  assert.equal(shouldReloadAfterRelogin('/index'), true)
})

test('a JSON error inside a download blob is detected', async () => {
  const file = new Blob(['a,b'], { type: 'application/vnd.ms-excel' })
  assert.deepEqual(await inspectDownload(file, t), { ok: true })
  const withMsg = new Blob([JSON.stringify({ code: 500, msg: 'no data to export' })], {
    type: 'application/json',
  })
  assert.deepEqual(await inspectDownload(withMsg, t), { ok: false, text: 'no data to export' })
  const bare = new Blob([JSON.stringify({ code: 403 })], { type: 'application/json;charset=utf-8' })
  assert.deepEqual(await inspectDownload(bare, t), { ok: false, text: 'console.download.failedCode:403' })
  const okJson = new Blob([JSON.stringify({ code: 200 })], { type: 'application/json' })
  assert.deepEqual(await inspectDownload(okJson, t), { ok: true })
})

test('download filename from Content-Disposition', () => {
  assert.equal(filenameFrom('attachment; filename="rooms.xlsx"', 'x'), 'rooms.xlsx')
  assert.equal(filenameFrom("attachment; filename*=UTF-8''%E6%88%BF.xlsx", 'x'), '房.xlsx')
  assert.equal(filenameFrom(null, 'fallback.xlsx'), 'fallback.xlsx')
})

test('query encoding drops empty values and expands nested objects and arrays', () => {
  assert.equal(encodeQuery({ a: 1, b: '', c: null, d: undefined, e: 'x y' }), 'a=1&e=x%20y')
  assert.equal(encodeQuery({ params: { beginTime: '2024-01-01' } }), 'params%5BbeginTime%5D=2024-01-01')
  assert.equal(encodeQuery({ ids: [1, 2] }), 'ids=1&ids=2')
  assert.equal(withQuery('/a?x=1', { y: 2 }), '/a?x=1&y=2')
  assert.equal(withQuery('/a', {}), '/a')
})

test('a captcha sent as bare base64 is shown as a PNG; one with its data prefix as it is (SPEC §5)', () => {
  assert.deepEqual(unwrapCaptcha({ captchaEnabled: true, uuid: 'u1', img: 'iVBORw0KGgo=' }), {
    captchaEnabled: true,
    uuid: 'u1',
    img: 'data:image/png;base64,iVBORw0KGgo=',
  })
  const svg = 'data:image/svg+xml;base64,PHN2Zz4='
  assert.equal(unwrapCaptcha({ code: 200, msg: 'ok', data: { uuid: 'u2', img: svg } } as never).img, svg)
  assert.equal(unwrapCaptcha({ captchaEnabled: false }).img, undefined)
})
