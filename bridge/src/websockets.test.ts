// The bridge's websockets are Fastify routes: the guard and the 404 apply to upgrades, and closing the app closes them.
// Fastify's injectWS drives the upgrade through the app's own routing, as a browser's would.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, test } from 'vitest'
import type { WebSocket } from 'ws'
import { buildBridgeApp } from './app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from './testing.ts'

/** Opens /bridge/ws with injectWS, listening from before the handshake ends: the greeting is sent at once. */
async function openDeviceEvents(bridge: FastifyInstance, headers: Record<string, string>) {
  let greeting!: Promise<{ type: string; simulate?: boolean; kinds?: unknown[] }>
  const socket = await bridge.injectWS(
    '/bridge/ws',
    { headers },
    {
      onInit: (ws: WebSocket) => {
        greeting = once(ws, 'message').then(([data]) => JSON.parse(String(data)))
      },
    },
  )
  return { socket, hello: await greeting }
}

describe('websocket routes', () => {
  const data = makeTempDir()
  let bridge: FastifyInstance
  let host: string

  beforeAll(async () => {
    // Proxy mode keeps the database out of it; no upstream broker, so /mqtt has no route here.
    bridge = await buildBridgeApp({
      config: testConfig(data.path, { upstream: 'http://127.0.0.1:9', simulate: true }),
      webRoot: `${data.path}/no-console`,
    })
    host = `127.0.0.1:${await listenOnFreePort(bridge)}`
  })
  afterAll(async () => {
    await bridge?.close()
    data.remove()
  })

  test('/bridge/ws greets with the devices and kinds first', async () => {
    const { socket, hello } = await openDeviceEvents(bridge, { host })
    try {
      assert.equal(hello.type, 'hello')
      assert.equal(hello.simulate, true)
      assert.ok(Array.isArray(hello.kinds))
    } finally {
      socket.terminate()
    }
  })

  test('the Host/Origin guard refuses an upgrade as it refuses a request', async () => {
    await assert.rejects(
      bridge.injectWS('/bridge/ws', { headers: { host, origin: 'http://evil.example' } }),
      /Unexpected server response: 403/,
    )
    await assert.rejects(
      bridge.injectWS('/bridge/ws', { headers: { host: 'evil.example' } }),
      /Unexpected server response: 403/,
    )
  })

  test('an upgrade to a path without a websocket route is a 404, also where HTTP has a route', async () => {
    for (const path of ['/mqtt', '/bridge/devices', '/nothing/here']) {
      await assert.rejects(
        bridge.injectWS(path, { headers: { host } }),
        /Unexpected server response: 404/,
        path,
      )
    }
    const devices = await bridge.inject({ url: '/bridge/devices', headers: { host } })
    assert.equal(devices.statusCode, 200, 'the HTTP route itself is unchanged')
  })
})

test('closing the bridge closes its open websockets', async () => {
  const data = makeTempDir()
  const bridge = await buildBridgeApp({
    config: testConfig(data.path, { upstream: 'http://127.0.0.1:9', simulate: true }),
    webRoot: `${data.path}/no-console`,
  })
  try {
    const host = `127.0.0.1:${await listenOnFreePort(bridge)}`
    const { socket } = await openDeviceEvents(bridge, { host })
    const closed = once(socket, 'close')
    await bridge.close()
    await closed
    assert.equal(socket.readyState, socket.CLOSED)
  } finally {
    await bridge.close()
    data.remove()
  }
})
