// Shared by the bridge shell's tests: temporary folders, a quiet config, raw HTTP requests with any Host header.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { BridgeConfig } from './config.ts'

export function makeTempDir(prefix = 'pms-bridge-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

/** A bridge config for tests: any free port, silent logs, the given data folder. */
export function testConfig(dataDir: string, overrides: Partial<BridgeConfig> = {}): BridgeConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    configFile: join(dataDir, 'bridge.json'),
    simulate: 'auto',
    allowedOrigins: [],
    logLevel: 'silent',
    demo: true,
    devicePorts: [],
    ...overrides,
  }
}

/** A fake built console: index.html and one hashed asset. */
export function writeFakeConsole(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PMS console</title><div id="root"></div>')
  writeFileSync(join(dir, 'assets', 'index-3f2a9c1b.js'), 'console.log("console")')
}

export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
  json(): any
}

/** An HTTP request through node:http, which (unlike fetch) lets a test send any Host header. */
export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) })
        })
      },
    )
    req.on('error', reject)
    if (options.body !== undefined) req.write(options.body)
    req.end()
  })
}
