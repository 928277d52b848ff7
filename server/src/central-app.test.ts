import assert from 'node:assert/strict'
import Fastify from 'fastify'
import { test } from 'vitest'
import { centralAppOptions } from './central-app.ts'
import { loadServerConfig } from './config.ts'

/** The client address a central server sees for a request from 127.0.0.1 that says it forwards for 203.0.113.9. */
async function seenAddress(env: NodeJS.ProcessEnv): Promise<string> {
  const app = Fastify({ ...centralAppOptions(loadServerConfig(env)), logger: false })
  app.get('/ip', async (request) => request.ip)
  const res = await app.inject({
    url: '/ip',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '203.0.113.9' },
  })
  await app.close()
  return res.body
}

test('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', async () => {
  // Unset: anyone could claim a fresh address with each failed login.
  assert.equal(await seenAddress({}), '127.0.0.1')
  assert.equal(await seenAddress({ TRUST_PROXY: '10.0.0.0/8' }), '127.0.0.1')
  assert.equal(await seenAddress({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }), '203.0.113.9')
  assert.equal(await seenAddress({ TRUST_PROXY: '1' }), '203.0.113.9')
})

test('TRUST_PROXY reads as a number of hops or a list of addresses', () => {
  assert.equal(loadServerConfig({}).trustProxy, false)
  assert.equal(loadServerConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
  assert.equal(loadServerConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
  assert.equal(loadServerConfig({ TRUST_PROXY: 'FALSE' }).trustProxy, false)
  assert.deepEqual(loadServerConfig({ TRUST_PROXY: ' 10.0.0.0/8 ,127.0.0.1,' }).trustProxy, [
    '10.0.0.0/8',
    '127.0.0.1',
  ])
})
