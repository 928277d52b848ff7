import assert from 'node:assert/strict'
import { test } from 'vitest'
import { classifyBody, classifyThrown, describeTransportFailure, formatExtra, readCode } from './outcome.ts'

const t = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  params ? `${key}(${JSON.stringify(params)})` : key

test('the code is read from code, then ret, defaulting to 200', () => {
  assert.equal(readCode({ code: 401 }), 401)
  assert.equal(readCode({ ret: '500' }), 500)
  assert.equal(readCode({ code: 403, ret: 500 }), 403)
  assert.equal(readCode({ msg: 'x' }), 200)
  assert.equal(readCode(null), 200)
  assert.equal(readCode('text'), 200)
})

test('200 is fine; 401 asks for a re-login; 403 and 404 use the catalogue texts', () => {
  assert.deepEqual(classifyBody({ code: 200 }, t), { kind: 'ok' })
  assert.deepEqual(classifyBody({ ret: 200, data: 1 }, t), { kind: 'ok' })
  assert.deepEqual(classifyBody({ code: 401, msg: 'x' }, t), { kind: 'relogin', text: 'error.401' })
  assert.deepEqual(classifyBody({ code: 403, msg: 'server says' }, t), { kind: 'message', text: 'error.403' })
  assert.deepEqual(classifyBody({ code: 404 }, t), { kind: 'message', text: 'error.404' })
})

test('500 shows the server message, hides exception details and appends extra data', () => {
  assert.deepEqual(classifyBody({ code: 500, msg: 'Room is occupied' }, t), {
    kind: 'message',
    text: 'Room is occupied',
  })
  assert.deepEqual(classifyBody({ code: 500, msg: 'java.lang.NullPointerException at x' }, t), {
    kind: 'message',
    text: 'console.error.serverException',
  })
  assert.equal(classifyBody({ code: 500, msg: 'Bad rows', data: ['a', 'b'] }, t).kind, 'message')
  assert.deepEqual(classifyBody({ code: 500, msg: 'Bad rows', data: ['a', 'b'] }, t), {
    kind: 'message',
    text: 'Bad rows a, b',
  })
  assert.deepEqual(classifyBody({ code: 500, msg: 'Bad', data: 'detail' }, t), {
    kind: 'message',
    text: 'Bad detail',
  })
  assert.deepEqual(classifyBody({ code: 500, msg: 'Bad', data: { room: 101 } }, t), {
    kind: 'message',
    text: 'Bad room: 101',
  })
  assert.deepEqual(classifyBody({ code: 500 }, t), { kind: 'message', text: 'error.default' })
})

test('other codes show their message, or a notification when there is none', () => {
  assert.deepEqual(classifyBody({ code: 400, msg: 'userName is required' }, t), {
    kind: 'message',
    text: 'userName is required',
  })
  assert.deepEqual(classifyBody({ code: 429 }, t), { kind: 'notification', text: 'error.default' })
  assert.deepEqual(classifyBody({ ret: 601, message: 'warned' }, t), { kind: 'message', text: 'warned' })
})

test('extra data formatting', () => {
  assert.equal(formatExtra(undefined), '')
  assert.equal(formatExtra(''), '')
  assert.equal(formatExtra(7), '7')
  assert.equal(formatExtra([{ a: 1 }, 2]), '{"a":1}, 2')
  assert.equal(formatExtra({ a: 1, b: [1] }), 'a: 1; b: [1]')
})

test('transport failures: network, timeout, HTTP status, anything else', () => {
  assert.deepEqual(classifyThrown(new TypeError('Failed to fetch'), false), { kind: 'network' })
  assert.deepEqual(classifyThrown(new DOMException('aborted', 'AbortError'), true), { kind: 'timeout' })
  assert.equal(classifyThrown(new Error('odd'), false).kind, 'other')
  assert.equal(describeTransportFailure({ kind: 'network' }, t), 'console.error.network')
  assert.equal(describeTransportFailure({ kind: 'timeout' }, t), 'console.error.timeout')
  assert.equal(
    describeTransportFailure({ kind: 'status', status: 502 }, t),
    'console.error.httpStatus([502])',
  )
  assert.equal(describeTransportFailure({ kind: 'other', detail: 'x' }, t), 'console.error.request')
})
