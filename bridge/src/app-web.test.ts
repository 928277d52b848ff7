// The console (static files, history-mode fallback, caching) and the Host/Origin guard, over real HTTP.
import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { WebSocket } from 'ws'
import { buildBridgeApp } from './app.ts'
import { listenOnFreePort, makeTempDir, rawRequest, testConfig, writeFakeConsole } from './testing.ts'

// Proxy mode keeps these tests about the shell alone; the embedded API has its own suite.
async function startUpstream(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify()
  app.get('/prod-api/ping', async () => ({ code: 200, msg: 'ok', data: 'pong' }))
  const port = await listenOnFreePort(app)
  return { app, url: `http://127.0.0.1:${port}` }
}

describe('console and guard', () => {
  const data = makeTempDir()
  const web = makeTempDir('pms-web-')
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let bridge: FastifyInstance
  let port: number

  beforeAll(async () => {
    writeFakeConsole(web.path)
    upstream = await startUpstream()
    bridge = await buildBridgeApp({
      config: testConfig(data.path, {
        upstream: upstream.url,
        allowedOrigins: ['https://console.example.com'],
      }),
      webRoot: web.path,
    })
    port = await listenOnFreePort(bridge)
  })
  afterAll(async () => {
    await bridge?.close()
    await upstream?.app.close()
    data.remove()
    web.remove()
  })

  test('/ serves index.html, never cached', async () => {
    const res = await rawRequest(port, '/', { headers: { accept: 'text/html' } })
    assert.equal(res.status, 200)
    assert.match(res.body, /PMS console/)
    assert.match(String(res.headers['content-type']), /text\/html/)
    assert.equal(res.headers['cache-control'], 'no-cache')
  })

  test('hashed assets are cached for a year', async () => {
    const res = await rawRequest(port, '/assets/index-3f2a9c1b.js')
    assert.equal(res.status, 200)
    assert.equal(res.body, 'console.log("console")')
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
  })

  test('a console route reloaded in the browser gets index.html (history mode)', async () => {
    const res = await rawRequest(port, '/room/list?status=1', { headers: { accept: 'text/html,*/*;q=0.8' } })
    assert.equal(res.status, 200)
    assert.match(res.body, /PMS console/)
    assert.equal(res.headers['cache-control'], 'no-cache')
  })

  test('no fallback for non-page requests, the API, the device API or the broker', async () => {
    const cases: [string, string][] = [
      ['/room/list', 'application/json'],
      ['/assets/missing-123.js', '*/*'],
      ['/bridge/nothing-here', 'text/html'],
      ['/mqtt/x', 'text/html'],
    ]
    for (const [path, accept] of cases) {
      const res = await rawRequest(port, path, { headers: { accept } })
      assert.equal(res.status, 404, path)
      assert.equal(res.json().code, 404, path)
    }
  })

  test('a foreign Host is refused (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost:${port + 1}`,
      `192.168.1.20:${port}`,
    ]) {
      const res = await rawRequest(port, '/', { headers: { host, accept: 'text/html' } })
      assert.equal(res.status, 403, host)
      const body = res.json()
      assert.equal(body.code, 403)
      assert.match(body.msg, /Host/)
    }
  })

  test('localhost, 127.0.0.1 and [::1] on our port are accepted', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
      const res = await rawRequest(port, '/bridge/health', { headers: { host } })
      assert.equal(res.status, 200, host)
    }
  })

  test('a cross-site Origin is refused, also on the API, and the refusal is translated', async () => {
    const evil = await rawRequest(port, '/prod-api/ping', { headers: { origin: 'http://evil.example' } })
    assert.equal(evil.status, 403)
    assert.deepEqual(Object.keys(evil.json()).sort(), ['code', 'msg'])
    assert.match(evil.json().msg, /evil\.example/)
    const zh = await rawRequest(port, '/', {
      headers: { origin: 'http://evil.example', 'accept-language': 'zh-CN' },
    })
    assert.match(zh.json().msg, /已拒绝/)
    const nullOrigin = await rawRequest(port, '/', { headers: { origin: 'null' } })
    assert.equal(nullOrigin.status, 403)
  })

  test('our own origin and configured origins are accepted', async () => {
    for (const origin of [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      'https://console.example.com',
    ]) {
      const res = await rawRequest(port, '/prod-api/ping', { headers: { origin } })
      assert.equal(res.status, 200, origin)
      assert.equal(res.json().data, 'pong')
    }
  })

  test('websocket upgrades pass the same guard', async () => {
    const status = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, 'mqtt', { headers })
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0)
          ws.terminate()
        })
        ws.on('open', () => {
          resolve(101)
          ws.close()
        })
        ws.on('error', () => {})
      })
    assert.equal(await status(`ws://127.0.0.1:${port}/mqtt`, { origin: 'http://evil.example' }), 403)
    assert.equal(await status(`ws://127.0.0.1:${port}/mqtt`, { host: 'evil.example' }), 403)
    // No broker is configured for this proxy-mode bridge, so a clean request finds nothing there.
    assert.equal(await status(`ws://127.0.0.1:${port}/mqtt`, { origin: `http://localhost:${port}` }), 404)
  })
})

describe('a built console is served precompressed', () => {
  const data = makeTempDir()
  const web = makeTempDir('pms-web-')
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
  const page = `<!doctype html><title>PMS console</title><div id="root"></div>${' '.repeat(2000)}`
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let bridge: FastifyInstance
  let port: number

  beforeAll(async () => {
    // What web/build/precompress.ts leaves beside each file of the build.
    writeFakeConsole(web.path)
    for (const [path, body] of [
      ['assets/index-3f2a9c1b.js', script],
      ['index.html', page],
    ] as const) {
      writeFileSync(join(web.path, path), body)
      writeFileSync(join(web.path, `${path}.br`), brotliCompressSync(body))
      writeFileSync(join(web.path, `${path}.gz`), gzipSync(body))
    }
    upstream = await startUpstream()
    bridge = await buildBridgeApp({
      config: testConfig(data.path, { upstream: upstream.url }),
      webRoot: web.path,
    })
    port = await listenOnFreePort(bridge)
  })
  afterAll(async () => {
    await bridge?.close()
    await upstream?.app.close()
    data.remove()
    web.remove()
  })

  const get = (path: string, encoding: string) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: { 'accept-encoding': encoding, accept: 'text/html,*/*' } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
        },
      )
      req.on('error', reject)
      req.end()
    })

  test('hashed assets go out as brotli or gzip, cached for a year', async () => {
    const br = await get('/assets/index-3f2a9c1b.js', 'gzip, deflate, br')
    assert.equal(br.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(br.body).toString(), script)
    assert.ok(br.body.length < script.length / 10)
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.match(String(br.headers.vary), /accept-encoding/i)
    const gz = await get('/assets/index-3f2a9c1b.js', 'gzip')
    assert.equal(gz.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gz.body).toString(), script)
    const plain = await get('/assets/index-3f2a9c1b.js', 'identity')
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.equal(plain.body.toString(), script)
  })

  test('index.html, also as the history-mode fallback, is compressed and never cached', async () => {
    for (const path of ['/', '/room/list?status=1']) {
      const res = await get(path, 'br')
      assert.equal(res.headers['content-encoding'], 'br', path)
      assert.equal(brotliDecompressSync(res.body).toString(), page, path)
      assert.equal(res.headers['cache-control'], 'no-cache', path)
    }
  })
})

test('without a built console, / says to run npm run build', async () => {
  const data = makeTempDir()
  const upstream = await startUpstream()
  const bridge = await buildBridgeApp({
    config: testConfig(data.path, { upstream: upstream.url }),
    webRoot: `${data.path}/no-such-dist`,
  })
  try {
    const port = await listenOnFreePort(bridge)
    const res = await rawRequest(port, '/', { headers: { accept: 'text/html' } })
    assert.equal(res.status, 503)
    assert.match(res.body, /npm run build/)
    const health = await rawRequest(port, '/bridge/health')
    assert.equal(health.status, 200)
  } finally {
    await bridge.close()
    await upstream.app.close()
    data.remove()
  }
})

test('a start that fails (database unreachable) leaves the data folder unlocked', async () => {
  const data = makeTempDir()
  try {
    await assert.rejects(
      buildBridgeApp({
        config: testConfig(data.path),
        webRoot: data.path,
        env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      }),
      /ECONNREFUSED/,
    )
    assert.equal(existsSync(join(data.path, 'bridge.lock')), false)
  } finally {
    data.remove()
  }
})
