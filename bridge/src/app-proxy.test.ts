// Proxy mode: /prod-api forwarded to a central server, /mqtt relayed to its broker's websocket.
import assert from 'node:assert/strict'
import fastifyWebsocket from '@fastify/websocket'
import Fastify, { type FastifyInstance } from 'fastify'
import mqtt from 'mqtt'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { buildBridgeApp } from './app.ts'
import { type LiveBroker, startLiveBroker } from './broker.ts'
import { listenOnFreePort, makeTempDir, rawRequest, testConfig } from './testing.ts'

/** The central server's broker: our own broker module with a fixed token, behind a websocket listener. */
async function startCentralBroker(): Promise<{ broker: LiveBroker; app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false })
  const broker = await startLiveBroker(
    async (token) =>
      token === 'central-token'
        ? { userId: 7, userType: 1, tokenHash: 'central', subscribeTopics: ['pms/t/7'] }
        : null,
    app.log,
  )
  await app.register(fastifyWebsocket, {
    options: { handleProtocols: (offered) => (offered.has('mqtt') ? 'mqtt' : false) },
  })
  app.get('/mqtt', { websocket: true }, (socket, request) => broker.handleSocket(socket, request.raw))
  const port = await listenOnFreePort(app)
  return { broker, app, url: `ws://127.0.0.1:${port}/mqtt` }
}

describe('proxy mode', () => {
  const data = makeTempDir()
  const seen: { url: string; host?: string; origin?: string; body?: unknown }[] = []
  let upstream: FastifyInstance
  let central: Awaited<ReturnType<typeof startCentralBroker>>
  let bridge: FastifyInstance
  let port: number

  beforeAll(async () => {
    upstream = Fastify()
    upstream.all('/prod-api/*', async (request, reply) => {
      seen.push({
        url: request.url,
        host: request.headers.host,
        origin: request.headers.origin,
        body: request.body,
      })
      if (request.url.startsWith('/prod-api/missing')) return reply.code(404).send({ code: 404, msg: 'nope' })
      return { code: 200, msg: 'ok', data: { method: request.method, url: request.url, body: request.body } }
    })
    const upstreamPort = await listenOnFreePort(upstream)
    central = await startCentralBroker()
    bridge = await buildBridgeApp({
      config: testConfig(data.path, {
        upstream: `http://127.0.0.1:${upstreamPort}/`,
        upstreamMqtt: central.url,
      }),
      webRoot: `${data.path}/no-console`,
    })
    port = await listenOnFreePort(bridge)
  })
  afterAll(async () => {
    await bridge?.close()
    await upstream?.close()
    await central?.broker.close()
    await central?.app.close()
    data.remove()
  })

  test('GET /prod-api/* reaches the upstream under /prod-api with its query', async () => {
    const res = await rawRequest(port, '/prod-api/system/user/list?pageNum=2', {
      headers: { origin: `http://localhost:${port}` },
    })
    assert.equal(res.status, 200)
    assert.equal(res.json().data.url, '/prod-api/system/user/list?pageNum=2')
    const last = seen.at(-1)!
    assert.match(last.host ?? '', /^127\.0\.0\.1:\d+$/)
    assert.equal(last.origin, undefined, 'the vetted Origin is not passed on')
  })

  test('POST bodies and upstream status codes pass through', async () => {
    const post = await rawRequest(port, '/prod-api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
    assert.equal(post.status, 200)
    assert.deepEqual(post.json().data.body, { username: 'admin', password: 'admin123' })
    const missing = await rawRequest(port, '/prod-api/missing')
    assert.equal(missing.status, 404)
    assert.equal(missing.json().msg, 'nope')
  })

  test('a cross-site request never reaches the upstream', async () => {
    const before = seen.length
    const res = await rawRequest(port, '/prod-api/system/user/list', {
      headers: { origin: 'http://evil.example' },
    })
    assert.equal(res.status, 403)
    assert.equal(seen.length, before)
  })

  test('health says proxy mode and that the database is upstream', async () => {
    const res = await rawRequest(port, '/bridge/health')
    assert.equal(res.status, 200)
    const { data: health } = res.json()
    assert.equal(health.mode, 'proxy')
    assert.equal(health.database, 'upstream')
    assert.equal(health.broker, 'upstream')
    assert.equal(typeof health.version, 'string')
    assert.ok(health.uptimeSeconds >= 0)
  })

  test('/mqtt is relayed to the upstream broker', async () => {
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      // MQTT 3.1.1 has no password without a username; the username is informational.
      username: 'desk',
      password: 'central-token',
      reconnectPeriod: 0,
      wsOptions: { headers: { origin: `http://localhost:${port}` } },
    })
    try {
      await client.subscribeAsync('pms/t/7', { qos: 2 })
      const received = new Promise<string>((resolve) =>
        client.on('message', (_t, payload) => resolve(String(payload))),
      )
      await central.broker.publisher.publish('pms/t/7', { hello: 'desk' })
      assert.deepEqual(JSON.parse(await received), { hello: 'desk' })
    } finally {
      await client.endAsync(true)
    }
  })
})
