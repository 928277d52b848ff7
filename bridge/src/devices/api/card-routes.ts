// /bridge/card/*: read, write a data block, issue a test card or from a server grant, erase back to transport keys, beep; on the encoder named or the first ready one.
import { decodeCard, deriveSectorKeys, fromHex, toHex, translate } from '@pms/protocol'
import type {
  BeepResultView,
  CardDecoded,
  CardEraseRequest,
  CardEraseResult,
  CardIssueOnDeviceRequest,
  CardIssueOnDeviceResult,
  CardReadRequest,
  CardReadResult,
  CardTestRequest,
  CardTestResult,
  CardWriteRequest,
  CardWriteResult,
} from '@pms/protocol/api/bridge-devices'
import { TEST_CARD_BLOCK, TEST_CARD_PATTERN, TEST_CARD_SECTOR } from '@pms/protocol/api/bridge-devices'
import type { FastifyInstance } from 'fastify'
import { requestLanguage } from '../../language.ts'
import type { DeviceDriver } from '../driver.ts'
import { DeviceError } from '../errors.ts'
import { Pn532EncoderDevice } from '../pn532/device.ts'
import type { SectorKey } from '../pn532/grant.ts'
import { Pn532SerialEncoder } from '../pn532-serial.ts'
import { grantPlan } from './grant-plan.ts'
import { ok } from './reply.ts'
import { bodySchemas } from './schemas.ts'
import type { DeviceService } from './service.ts'

function keyOf(k: { keyType: 'A' | 'B'; key: string }): SectorKey {
  return { keyType: k.keyType, key: fromHex(k.key) }
}

/** A port set up as a card reader (port settings) only reads: it is never picked to write a card. */
const notAReader = (device: DeviceDriver) =>
  !(device instanceof Pn532SerialEncoder && device.role === 'reader')

/** The encoder to use: the one named, else the first ready PN532 (serial, then HID) that is not a reader. */
export function pickEncoder(devices: DeviceService, deviceId?: string): Pn532EncoderDevice {
  const device = deviceId
    ? devices.registry.get(deviceId)
    : (devices.registry.pick('pn532-serial', notAReader) ?? devices.registry.pick('hid-encoder'))
  if (!(device instanceof Pn532EncoderDevice))
    throw new DeviceError('notFound', { device: deviceId ?? 'encoder' })
  return device
}

/** In the simulator's demo the bridge holds the demo property's card secret, so it can read and decode its cards. */
async function readDemoCard(devices: DeviceService, encoder: Pn532EncoderDevice, uid: string) {
  const inst = devices.sim?.installation
  if (!inst) return undefined
  const keys = deriveSectorKeys(inst.cardSecret, fromHex(uid), inst.sector, inst.sectorNum)
  const blocks: Uint8Array[] = []
  const sectors: { sector: number; blocks: string[] }[] = []
  for (const pair of keys.sectors) {
    const candidates: SectorKey[] = [
      { keyType: 'A', key: pair.keyA },
      { keyType: 'A', key: fromHex('FFFFFFFFFFFF') },
    ]
    let read: Uint8Array[] | undefined
    for (const k of candidates) {
      read = await encoder.readSector(pair.sector, k.keyType, k.key).then(
        (r) => r.blocks,
        (err: unknown) => {
          if (err instanceof DeviceError && err.code === 'authFailed') return undefined
          throw err
        },
      )
      if (read) break
    }
    if (!read) return { sectors, decoded: { ok: false, reason: 'foreign' } as CardDecoded }
    blocks.push(...read)
    sectors.push({ sector: pair.sector, blocks: read.map((b) => toHex(b)) })
  }
  const result = decodeCard(blocks, inst.cardSecret, fromHex(uid))
  const decoded: CardDecoded = result.ok ? result : { ok: false, reason: result.reason }
  return { sectors, decoded }
}

export function cardRoutes(app: FastifyInstance, devices: DeviceService): void {
  app.post('/card/read', { schema: { body: bodySchemas.cardRead } }, async (request) => {
    const lang = requestLanguage(request.headers)
    const body = (request.body ?? {}) as CardReadRequest
    const encoder = pickEncoder(devices, body.deviceId)
    const card = await encoder.readCard()
    if (!card) throw new DeviceError('noCard')
    const result: CardReadResult = {
      deviceId: encoder.id,
      uid: card.uid,
      type: card.type,
      sak: card.selRes,
      atqa: card.sensRes,
      sectors: [],
    }
    if (body.sectors?.length) {
      for (const s of body.sectors) {
        const read = await encoder.readSector(s.sector, s.keyType, fromHex(s.key))
        if (read.card.uid !== card.uid)
          throw new DeviceError('wrongCard', { expected: card.uid, found: read.card.uid })
        result.sectors.push({ sector: s.sector, blocks: read.blocks.map((b) => toHex(b)) })
      }
    } else {
      const demo = await readDemoCard(devices, encoder, card.uid)
      if (demo) {
        result.sectors = demo.sectors
        result.decoded = demo.decoded
      }
    }
    return ok(lang, result)
  })

  app.post('/card/write', { schema: { body: bodySchemas.cardWrite } }, async (request, reply) => {
    const lang = requestLanguage(request.headers)
    const body = request.body as CardWriteRequest
    const refused =
      body.block === 3
        ? 'device.api.trailerRefused'
        : body.sector === 0 && body.block === 0
          ? 'device.api.manufacturerRefused'
          : undefined
    if (refused) return reply.code(400).send({ code: 400, msg: translate(lang, refused) })
    const encoder = pickEncoder(devices, body.deviceId)
    const written = await encoder.writeBlockVerified(
      body.sector * 4 + body.block,
      fromHex(body.data),
      body.keyType,
      fromHex(body.key),
    )
    const result: CardWriteResult = {
      deviceId: encoder.id,
      uid: written.card.uid,
      sector: body.sector,
      block: body.block,
      data: toHex(written.data),
      verified: true,
    }
    return ok(lang, result, 'device.api.written')
  })

  app.post('/card/test', { schema: { body: bodySchemas.cardTest } }, async (request) => {
    const lang = requestLanguage(request.headers)
    const body = (request.body ?? {}) as CardTestRequest
    const encoder = pickEncoder(devices, body.deviceId)
    const written = await encoder.writeBlockVerified(
      TEST_CARD_SECTOR * 4 + TEST_CARD_BLOCK,
      fromHex(TEST_CARD_PATTERN),
      body.keyType ?? 'A',
      fromHex(body.key ?? 'FFFFFFFFFFFF'),
    )
    const result: CardTestResult = {
      deviceId: encoder.id,
      uid: written.card.uid,
      verified: true,
      block: { sector: TEST_CARD_SECTOR, block: TEST_CARD_BLOCK, data: toHex(written.data) },
    }
    return ok(lang, result, 'device.api.testCard')
  })

  app.post('/card/issue', { schema: { body: bodySchemas.cardIssue } }, async (request) => {
    const lang = requestLanguage(request.headers)
    const body = request.body as CardIssueOnDeviceRequest
    const plan = grantPlan(body.grant, (body.currentKeys ?? []).map(keyOf))
    const encoder = pickEncoder(devices, body.deviceId)
    const started = performance.now()
    const card = await encoder.issue(plan)
    const result: CardIssueOnDeviceResult = {
      recordId: body.recordId,
      deviceId: encoder.id,
      uid: card.uid,
      sectors: plan.sectors.map((s) => s.sector),
      verified: true,
      ms: Math.round((performance.now() - started) * 100) / 100,
    }
    return ok(lang, result, 'device.api.issued')
  })

  app.post('/card/erase', { schema: { body: bodySchemas.cardErase } }, async (request) => {
    const lang = requestLanguage(request.headers)
    const body = (request.body ?? {}) as CardEraseRequest
    const encoder = pickEncoder(devices, body.deviceId)
    const keys = (body.keys ?? []).map(keyOf)
    const inst = devices.sim?.installation
    if (inst && keys.length === 0) {
      const card = await encoder.readCard()
      if (!card) throw new DeviceError('noCard')
      const own = deriveSectorKeys(inst.cardSecret, fromHex(card.uid), inst.sector, inst.sectorNum)
      keys.push(...own.sectors.map((s) => ({ keyType: 'B' as const, key: s.keyB })))
    }
    const card = await encoder.erase(keys, body.sectors)
    const result: CardEraseResult = {
      deviceId: encoder.id,
      uid: card.uid,
      sectors: body.sectors ?? Array.from({ length: 16 }, (_, i) => i),
    }
    return ok(lang, result, 'device.api.erased')
  })

  app.post('/beep', { schema: { body: bodySchemas.beep } }, async (request) => {
    const lang = requestLanguage(request.headers)
    const body = (request.body ?? {}) as { deviceId?: string }
    const encoder = pickEncoder(devices, body.deviceId)
    const result = await encoder.beep()
    const view: BeepResultView = {
      deviceId: encoder.id,
      result,
      text: translate(lang, `device.beep.${result}`),
    }
    return ok(lang, view)
  })
}
