// Over HTTP on the real bridge in simulate mode: /bridge/card/write writes one data block with an explicit key and
// reads it back, refuses trailers and the manufacturer block, maps a wrong key to the translated auth failure;
// /bridge/card/test writes the documented test pattern into sector 1 block 0 and verifies it.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { CardReadResult, CardTestResult, CardWriteResult } from '@pms/protocol/api/bridge-devices'
import { TEST_CARD_PATTERN } from '@pms/protocol/api/bridge-devices'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { copyPgliteTemplate } from '../support/database-template.ts'
import { bridgeClient } from './bridge-client.ts'

const TRANSPORT = { keyType: 'A', key: 'FFFFFFFFFFFF' } as const

describe('writing blocks and test cards through /bridge/card/write and /bridge/card/test', () => {
  const dir = makeTempDir('pms-card-write-')
  let app: FastifyInstance
  let desk: ReturnType<typeof bridgeClient>
  let baseUrl: string

  beforeAll(async () => {
    copyPgliteTemplate(dir.path)
    app = await buildBridgeApp({
      config: testConfig(dir.path, { simulate: true }),
      webRoot: dir.path,
      devices: { simulator: { cardWatchMs: 100, rescanMs: 100 } },
    })
    baseUrl = `http://127.0.0.1:${await listenOnFreePort(app)}`
    desk = bridgeClient(baseUrl)
  })

  afterAll(async () => {
    await app?.close()
    dir.remove()
  })

  async function blankCardOnEncoder(): Promise<string> {
    const created = await desk.call('POST', '/bridge/sim/cards')
    assert.equal(created.code, 200, created.msg)
    const placed = await desk.call('POST', `/bridge/sim/cards/${created.data.uid}/place`)
    assert.equal(placed.data.onEncoder, true)
    return created.data.uid
  }

  async function readSector(sector: number) {
    const read = await desk.call<CardReadResult>('POST', '/bridge/card/read', {
      sectors: [{ sector, ...TRANSPORT }],
    })
    assert.equal(read.code, 200, read.msg)
    return read.data.sectors[0]!.blocks
  }

  it('writes a data block with an explicit key and reads the same bytes back', async () => {
    const uid = await blankCardOnEncoder()
    const data = '00112233445566778899AABBCCDDEEFF'
    const written = await desk.call<CardWriteResult>('POST', '/bridge/card/write', {
      sector: 5,
      block: 2,
      ...TRANSPORT,
      data: data.toLowerCase(),
    })
    assert.equal(written.status, 200, written.msg)
    assert.equal(written.msg, translate('zh-CN', 'device.api.written'))
    assert.deepEqual(
      { uid: written.data.uid, sector: written.data.sector, block: written.data.block },
      { uid, sector: 5, block: 2 },
    )
    assert.equal(written.data.data, data)
    assert.equal(written.data.verified, true)
    const blocks = await readSector(5)
    assert.equal(blocks[2]!.replace(/\s/g, '').toUpperCase(), data)
    assert.equal(blocks[0]!.replace(/\s/g, ''), '0'.repeat(32))
  })

  it('answers a wrong key with the translated auth failure and leaves the block as it was', async () => {
    await blankCardOnEncoder()
    const res = await fetch(`${baseUrl}/bridge/card/write`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ sector: 3, block: 1, keyType: 'A', key: 'A0A1A2A3A4A5', data: 'FF'.repeat(16) }),
    })
    const body = (await res.json()) as { code: number; msg: string; data: { error: { code: string } } }
    assert.equal(res.status, 409)
    assert.equal(body.data.error.code, 'authFailed')
    assert.equal(body.msg, translate('en-US', 'device.error.authFailed'))
    assert.equal((await readSector(3))[1]!.replace(/\s/g, ''), '0'.repeat(32))
  })

  it('refuses the trailer and sector 0’s manufacturer block with a clear 400, before touching the card', async () => {
    await blankCardOnEncoder()
    const trailer = await desk.call('POST', '/bridge/card/write', {
      sector: 2,
      block: 3,
      ...TRANSPORT,
      data: 'FF'.repeat(16),
    })
    assert.equal(trailer.status, 400)
    assert.equal(trailer.msg, translate('zh-CN', 'device.api.trailerRefused'))
    const maker = await desk.call('POST', '/bridge/card/write', {
      sector: 0,
      block: 0,
      ...TRANSPORT,
      data: 'FF'.repeat(16),
    })
    assert.equal(maker.status, 400)
    assert.equal(maker.msg, translate('zh-CN', 'device.api.manufacturerRefused'))
    const beyond = await desk.call('POST', '/bridge/card/write', {
      sector: 2,
      block: 4,
      ...TRANSPORT,
      data: 'FF'.repeat(16),
    })
    assert.equal(beyond.status, 400)
    assert.match(beyond.msg, /block/)
    const oddData = await desk.call('POST', '/bridge/card/write', {
      sector: 2,
      block: 1,
      ...TRANSPORT,
      data: 'FFF',
    })
    assert.equal(oddData.status, 400)
    assert.match(oddData.msg, /data/)
    assert.deepEqual(
      (await readSector(2)).slice(0, 3).map((b) => b.replace(/\s/g, '')),
      ['0'.repeat(32), '0'.repeat(32), '0'.repeat(32)],
    )
  })

  it('issues a test card: the pattern in sector 1 block 0 with the transport key, verified', async () => {
    const uid = await blankCardOnEncoder()
    const res = await desk.call<CardTestResult>('POST', '/bridge/card/test', {})
    assert.equal(res.status, 200, res.msg)
    assert.equal(res.msg, translate('zh-CN', 'device.api.testCard'))
    assert.deepEqual(
      { uid: res.data.uid, verified: res.data.verified, block: res.data.block },
      { uid, verified: true, block: { sector: 1, block: 0, data: TEST_CARD_PATTERN } },
    )
    assert.equal(Buffer.from(TEST_CARD_PATTERN, 'hex').toString('ascii'), 'PMS TEST CARD v1')
    assert.equal((await readSector(1))[0]!.replace(/\s/g, ''), TEST_CARD_PATTERN)
    const wrongKey = await desk.call('POST', '/bridge/card/test', { keyType: 'B', key: '010203040506' })
    assert.equal(wrongKey.status, 409)
    assert.equal(wrongKey.data.error.code, 'authFailed')
  })
})
