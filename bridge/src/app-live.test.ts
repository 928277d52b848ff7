// The embedded bridge: the real business API in-process on a temporary data folder, health, and the live channel over /mqtt.
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { topics } from '@pms/protocol'
import type { FastifyInstance } from 'fastify'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { buildBridgeApp } from './app.ts'
import { listenOnFreePort, makeTempDir, rawRequest, testConfig, writeFakeConsole } from './testing.ts'

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

describe('embedded bridge', () => {
  const data = makeTempDir()
  const web = makeTempDir('pms-web-')
  let bridge: FastifyInstance
  let port: number
  let mqttPort: number
  let manager: { token: string; userId: number; propertyId: number }
  const clients: MqttClient[] = []

  async function signIn(path: string, username: string) {
    const res = await rawRequest(port, `/prod-api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'admin123' }),
    })
    assert.equal(res.status, 200, res.body)
    return res.json().data as { access_token: string; defaultPropertyId: number }
  }

  function connect(password: string, url = `ws://127.0.0.1:${port}/mqtt`) {
    const client = mqtt.connect(url, {
      username: 'console',
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      wsOptions: { headers: { origin: `http://localhost:${port}` } },
    })
    clients.push(client)
    return new Promise<MqttClient>((resolve, reject) => {
      client.once('connect', () => resolve(client))
      client.once('error', reject)
    })
  }

  const nextMessage = (client: MqttClient) =>
    new Promise<{ topic: string; body: unknown }>((resolve) =>
      client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(String(payload)) })),
    )

  beforeAll(async () => {
    writeFakeConsole(web.path)
    mqttPort = await freePort()
    bridge = await buildBridgeApp({
      config: testConfig(data.path, { mqttPort }),
      webRoot: web.path,
      env: {},
      updateCheck: { ttlMs: 0, waitMs: 60_000 },
    })
    port = await listenOnFreePort(bridge)
    const session = await signIn('/auth/userPwdLogin', 'manager')
    const grant = await bridge.bridge.server!.authorizeLiveChannel(session.access_token)
    assert.ok(grant)
    manager = { token: session.access_token, userId: grant.userId, propertyId: session.defaultPropertyId }
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)))
    await bridge?.close()
    data.remove()
    web.remove()
  })

  test('health: embedded, database and broker up', async () => {
    const res = await rawRequest(port, '/bridge/health', { headers: { 'accept-language': 'en-US' } })
    assert.equal(res.status, 200)
    const body = res.json()
    assert.equal(body.code, 200)
    assert.equal(body.msg, 'Operation succeeded')
    assert.deepEqual(
      { ...body.data, uptimeSeconds: typeof body.data.uptimeSeconds },
      {
        version: '0.1.0',
        uptimeSeconds: 'number',
        database: 'ok',
        broker: 'ok',
        mode: 'embedded',
        update: null,
      },
    )
  })

  test('health: the latest published bridge against this one, once the platform publishes it', async () => {
    const admin = await signIn('/auth/login', 'admin')
    const publish = async (versionCode: number, versionName: string) => {
      const res = await rawRequest(port, '/prod-api/system/appVersion', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.access_token}` },
        body: JSON.stringify({
          platform: 'bridge',
          appId: 'pms-bridge',
          versionCode,
          versionName,
          packageName: 'pms-bridge',
          downloadUrl: `https://example.com/pms-bridge-${versionName}.tgz`,
        }),
      })
      assert.equal(res.json().code, 200, res.body)
    }
    const update = async () => (await rawRequest(port, '/bridge/health')).json().data.update
    await publish(1, '0.1.0')
    assert.deepEqual(await update(), {
      latestVersion: '0.1.0',
      href: 'https://example.com/pms-bridge-0.1.0.tgz',
      updateAvailable: false,
    })
    await publish(2, '0.2.0')
    assert.deepEqual(await update(), {
      latestVersion: '0.2.0',
      href: 'https://example.com/pms-bridge-0.2.0.tgz',
      updateAvailable: true,
    })
  })

  test('the demo accounts sign in through /prod-api', async () => {
    const admin = await signIn('/auth/login', 'admin')
    assert.equal(typeof admin.access_token, 'string')
    assert.ok(bridge.bridge.demo)
  })

  test('a console with a good token receives the property change after switchProperty', async () => {
    const client = await connect(manager.token)
    const topic = topics.propertyChange(manager.userId)
    await client.subscribeAsync(topic, { qos: 2 })
    const received = nextMessage(client)
    const res = await rawRequest(port, `/prod-api/auth/switchProperty/${manager.propertyId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${manager.token}` },
    })
    assert.equal(res.status, 200, res.body)
    const message = await received
    assert.equal(message.topic, topic)
    assert.equal((message.body as { propertyId: number }).propertyId, manager.propertyId)
  })

  test("the server's publisher reaches a property topic the user is bound to, also over plain TCP", async () => {
    const topic = topics.pushRecord(manager.propertyId)
    const overWs = await connect(manager.token)
    const overTcp = await connect(manager.token, `mqtt://127.0.0.1:${mqttPort}`)
    await overWs.subscribeAsync(topic, { qos: 2 })
    await overTcp.subscribeAsync(topic, { qos: 2 })
    const both = Promise.all([nextMessage(overWs), nextMessage(overTcp)])
    await bridge.bridge.livePublisher!.publish(topic, { recordId: 1 })
    for (const message of await both) assert.deepEqual(message, { topic, body: { recordId: 1 } })
  })

  test('a bad token is refused at connect', async () => {
    await assert.rejects(connect('not-a-session-token'), /Bad username or password/)
    await assert.rejects(connect(''), /Bad username or password/)
  })

  test("another user's topic or a wildcard is refused", async () => {
    const client = await connect(manager.token)
    for (const topic of [topics.propertyChange(manager.userId + 1), 'pms/#', topics.pushRecord(999999)])
      await assert.rejects(client.subscribeAsync(topic, { qos: 2 }), /Subscribe error/, topic)
    assert.ok(client.connected, 'a refused subscription does not drop the connection')
  })

  test('clients may not publish: the broker drops the connection', async () => {
    const client = await connect(manager.token)
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()))
    client.publish(topics.propertyChange(manager.userId), '{"propertyId":0}', { qos: 1 })
    await closed
  })

  // Last: it closes the database under the running bridge.
  test('health reports a database that stopped answering', async () => {
    await bridge.bridge.server!.close()
    const res = await rawRequest(port, '/bridge/health')
    assert.equal(res.status, 200)
    assert.equal(res.json().data.database, 'down')
    assert.equal(res.json().data.broker, 'ok')
  })
})
