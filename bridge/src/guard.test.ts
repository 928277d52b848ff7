// The Host/Origin guard as a pure decision: which requests a localhost service answers.
import assert from 'node:assert/strict'
import { test } from 'vitest'
import { checkRequestSource, type SourcePolicy } from './guard.ts'

const local: SourcePolicy = {
  port: () => 4780,
  bindHost: '127.0.0.1',
  allowedOrigins: ['https://console.example.com'],
}

test('Host must name this computer and this port', () => {
  const table: [string | undefined, boolean][] = [
    ['localhost:4780', true],
    ['127.0.0.1:4780', true],
    ['[::1]:4780', true],
    ['LocalHost:4780', true],
    [undefined, false],
    ['', false],
    ['localhost', false],
    ['localhost:4781', false],
    ['attacker.example:4780', false],
    ['localhost.attacker.example:4780', false],
    ['127.0.0.1:4780@evil', false],
    ['[::2]:4780', false],
  ]
  for (const [host, accepted] of table)
    assert.equal(checkRequestSource({ host }, local) === null, accepted, String(host))
})

test('port 80 may be left out of Host, as browsers do', () => {
  const on80: SourcePolicy = { ...local, port: () => 80 }
  assert.equal(checkRequestSource({ host: 'localhost' }, on80), null)
  assert.equal(checkRequestSource({ host: 'localhost:80', origin: 'http://localhost' }, on80), null)
})

test('a specific bind address is also a valid Host; a wildcard bind adds nothing', () => {
  const lan: SourcePolicy = { ...local, bindHost: '192.168.1.20' }
  assert.equal(
    checkRequestSource({ host: '192.168.1.20:4780', origin: 'http://192.168.1.20:4780' }, lan),
    null,
  )
  const any: SourcePolicy = { ...local, bindHost: '0.0.0.0' }
  assert.deepEqual(checkRequestSource({ host: '192.168.1.20:4780' }, any), {
    key: 'bridge.hostRefused',
    value: '192.168.1.20:4780',
  })
})

test('Origin, when present, must be our own or configured', () => {
  const table: [string, boolean][] = [
    ['http://localhost:4780', true],
    ['http://127.0.0.1:4780', true],
    ['http://[::1]:4780', true],
    ['https://console.example.com', true],
    ['http://evil.example', false],
    ['null', false],
    ['https://localhost:4780', false],
    ['http://localhost:4781', false],
  ]
  for (const [origin, accepted] of table) {
    const refusal = checkRequestSource({ host: 'localhost:4780', origin }, local)
    assert.equal(refusal === null, accepted, origin)
    if (refusal) assert.equal(refusal.key, 'bridge.originRefused')
  }
  assert.equal(
    checkRequestSource({ host: 'localhost:4780' }, local),
    null,
    'no Origin: same-origin navigation or a tool',
  )
})
