// The chart's answer as sent: one envelope per language, its gzip, its tag, and the request headers read about them.
import assert from 'node:assert/strict'
import { gunzipSync } from 'node:zlib'
import { test } from 'vitest'
import { acceptsGzip, alreadyHeld, ChartAnswer } from './chart-answer.ts'

const chart = '{"total":1,"buildings":[{"buildingId":1,"buildingName":"主楼"}]}'

test('the envelope holds the chart as built, made once per language; gzipped once made, after a first plain answer', async () => {
  const answer = new ChartAnswer(chart)
  const plain = answer.body('zh-CN', '操作成功', false)
  assert.deepEqual(plain.gzipped, false)
  assert.deepEqual(JSON.parse(plain.bytes.toString()), {
    code: 200,
    msg: '操作成功',
    data: JSON.parse(chart),
  })
  assert.equal(answer.body('zh-CN', '操作成功', false).bytes, plain.bytes, 'made once')
  // The first caller accepting gzip starts it and is answered plain; once made, gzip is answered.
  assert.deepEqual(answer.body('zh-CN', '操作成功', true), plain)
  await answer.settled()
  const gzipped = answer.body('zh-CN', '操作成功', true)
  assert.equal(gzipped.gzipped, true)
  assert.deepEqual(gunzipSync(gzipped.bytes), plain.bytes)
  assert.equal(
    answer.body('zh-CN', '操作成功', false).bytes,
    plain.bytes,
    'plain to who does not accept gzip',
  )
  assert.equal(JSON.parse(answer.body('en-US', 'Success', true).bytes.toString()).msg, 'Success')
})

test('the tag names the content and the language, whoever built it', () => {
  const a = new ChartAnswer(chart)
  assert.equal(a.etag('en-US'), new ChartAnswer(chart).etag('en-US'))
  assert.notEqual(a.etag('en-US'), a.etag('zh-CN'))
  assert.notEqual(a.etag('en-US'), new ChartAnswer(chart.replace('"total":1', '"total":2')).etag('en-US'))
})

test('the chart says when it changes by time alone next, and that instant is part of its tag', () => {
  const at = new Date('2026-11-25T04:00:00.000Z')
  const timed = new ChartAnswer(chart, at)
  assert.deepEqual(JSON.parse(timed.body('en-US', 'Success', false).bytes.toString()).data, {
    ...JSON.parse(chart),
    changesAt: '2026-11-25T04:00:00.000Z',
  })
  assert.equal(timed.json, chart, 'the kept text stays as the database wrote it, for patching')
  // A desk holding the chart with an instant now past is answered the new instant, not 304.
  assert.notEqual(timed.etag('en-US'), new ChartAnswer(chart).etag('en-US'))
  assert.notEqual(timed.etag('en-US'), new ChartAnswer(chart, new Date(at.getTime() + 1)).etag('en-US'))
  assert.equal(timed.etag('en-US'), new ChartAnswer(chart, new Date(at)).etag('en-US'))
  assert.equal(
    JSON.parse(new ChartAnswer(chart, null).body('en-US', 'Success', false).bytes.toString()).data.changesAt,
    undefined,
  )
})

test.each([
  ['gzip, deflate, br', true],
  ['br;q=1.0, gzip;q=0.8', true],
  ['GZIP', true],
  ['x-gzip', true],
  ['gzip;q=0', false],
  ['gzip; q=0.000', false],
  ['deflate, br', false],
  ['identity', false],
  ['', false],
  [undefined, false],
])('Accept-Encoding %j accepts gzip: %s', (header, expected) => {
  assert.equal(acceptsGzip(header), expected)
})

test('If-None-Match names the tag: exactly, weak or strong, in a list, or *', () => {
  const tag = 'W/"abc-en-US"'
  assert.equal(alreadyHeld(tag, tag), true)
  assert.equal(alreadyHeld('"abc-en-US"', tag), true)
  assert.equal(alreadyHeld('W/"x", W/"abc-en-US"', tag), true)
  assert.equal(alreadyHeld('*', tag), true)
  assert.equal(alreadyHeld('W/"abc-zh-CN"', tag), false)
  assert.equal(alreadyHeld(undefined, tag), false)
})
