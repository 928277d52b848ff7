// /bridge/ports: port settings of the desk's encoders and card readers (SPEC §2.9). Lists the serial ports, saves a port's
// role and baud rate in bridge.json (the device on it reopens as set), and tests a port on given settings: the chip
// must answer, then beep or read the UID of the card in its field. Saving and testing need a session that may change
// the property's devices: the bridge asks the business API, which knows the session and its property role.
import { type Language, translate } from '@pms/protocol'
import {
  PORT_BAUD_RATES,
  PORT_ROLES,
  type PortSetting,
  type PortsView,
  type PortTestRequest,
  type PortTestResult,
  type PortView,
} from '@pms/protocol/api/bridge-devices'
import { isLocalCardPosPath } from '@pms/protocol/format/validators'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requestLanguage } from '../../language.ts'
import { DeviceError } from '../errors.ts'
import { listSerialPorts } from '../pn532/serial-link.ts'
import { Pn532SerialEncoder } from '../pn532-serial.ts'
import { ok, statusView } from './reply.ts'
import type { DeviceService } from './service.ts'

const path = { type: 'string', minLength: 1, maxLength: 200 }
const baudRate = { type: 'integer', enum: [...PORT_BAUD_RATES] }
const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
})
const portSchemas = {
  save: object({ path, role: { type: 'string', enum: [...PORT_ROLES] }, baudRate }, [
    'path',
    'role',
    'baudRate',
  ]),
  remove: object({ path }, ['path']),
  test: object({ path, baudRate, action: { type: 'string', enum: ['beep', 'readUid'] } }, [
    'path',
    'baudRate',
    'action',
  ]),
}

/** A refusal of the business API (401 not signed in, 403 not allowed), passed on as it answered. */
class AccessRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The session of the request must hold the port permission in its current property. Asked of /prod-api in this very
 * app (in-process server or the proxy to the central one), with the caller's own headers.
 */
async function requirePortAccess(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const forward: Record<string, string> = {}
  for (const name of ['authorization', 'host', 'origin', 'accept-language', 'user-agent']) {
    const value = request.headers[name]
    if (typeof value === 'string') forward[name] = value
  }
  const res = await app.inject({
    method: 'GET',
    url: '/prod-api/device/dvcDevice/portAccess',
    headers: forward,
  })
  let body: { code?: number; msg?: string } = {}
  try {
    body = res.json()
  } catch {
    body = {}
  }
  if (res.statusCode === 200 && body.code === 200) return
  const status = body.code && body.code >= 400 ? body.code : res.statusCode >= 400 ? res.statusCode : 403
  throw new AccessRefused(status, body.msg ?? translate(requestLanguage(request.headers), 'error.403'))
}

async function portsView(lang: Language, devices: DeviceService): Promise<PortsView> {
  let listed: Awaited<ReturnType<typeof listSerialPorts>>
  try {
    listed = await listSerialPorts(devices.serialBinding)
  } catch (err) {
    throw new DeviceError('unavailable', { library: 'serialport', detail: (err as Error).message })
  }
  const settings = devices.portSettings()
  const view = (p: { path: string; present: boolean } & Partial<PortView>): PortView => {
    const device = devices.registry.get(`pn532-serial:${p.path}`)
    const setting = settings.find((s) => s.path === p.path)
    return {
      ...p,
      ...(setting ? { setting: { ...setting } } : {}),
      ...(device ? { device: statusView(lang, device.status()) } : {}),
    }
  }
  const ports = listed.map((p) =>
    view({
      path: p.path,
      present: true,
      vendorId: p.vendorId,
      productId: p.productId,
      manufacturer: p.manufacturer,
    }),
  )
  for (const s of settings)
    if (!listed.some((p) => p.path === s.path)) ports.push(view({ path: s.path, present: false }))
  return { ports, configFile: devices.portsFile ?? '' }
}

/** One test on the port: the chip answered on open (its firmware), then the beep or the card's UID. */
async function runTest(lang: Language, encoder: Pn532SerialEncoder, body: PortTestRequest) {
  const firmware = String(encoder.status().info?.firmware ?? '')
  const ic = String(encoder.status().info?.ic ?? 'PN532')
  const result: PortTestResult = {
    path: body.path,
    baudRate: body.baudRate,
    action: body.action,
    firmware: `${ic} ${firmware}`.trim(),
    text: '',
  }
  if (body.action === 'readUid') {
    const card = await encoder.readCard()
    if (!card) throw new DeviceError('noCard')
    result.uid = card.uid
    result.text = translate(lang, 'devicePort.test.uid', [card.uid])
  } else {
    result.text = translate(lang, `device.beep.${await encoder.beep()}`)
  }
  return result
}

/**
 * Tests `path` at `baudRate`: on the bridge's own device when it runs on those settings, else on a connection of its
 * own, with the bridge's device on that port (if any) closed meanwhile and opened again after.
 */
async function testPort(
  lang: Language,
  devices: DeviceService,
  body: PortTestRequest,
): Promise<PortTestResult> {
  const id = `pn532-serial:${body.path}`
  const own = devices.registry.get(id)
  if (own instanceof Pn532SerialEncoder && own.baudRate === body.baudRate && own.status().state === 'ready')
    return runTest(lang, own, body)
  return devices.registry.whileClosed(id, async () => {
    const probe = new Pn532SerialEncoder({
      id: `port-test:${body.path}`,
      path: body.path,
      baudRate: body.baudRate,
      binding: devices.serialBinding,
      simulated: devices.simulate,
    })
    try {
      await probe.open()
      return await runTest(lang, probe, body)
    } finally {
      await probe.close()
    }
  })
}

export function portRoutes(app: FastifyInstance, devices: DeviceService): void {
  const guarded = async (
    request: FastifyRequest,
    reply: { code(n: number): { send(b: unknown): unknown } },
  ) => {
    try {
      await requirePortAccess(app, request)
      return true
    } catch (error) {
      if (!(error instanceof AccessRefused)) throw error
      reply.code(error.status).send({ code: error.status, msg: error.message })
      return false
    }
  }
  /** SPEC §5: only a serial device of this machine is set up or opened as a card encoder or reader. */
  const localPort = (request: FastifyRequest, reply: { code(n: number): { send(b: unknown): unknown } }) => {
    const { path: portPath } = request.body as { path: string }
    if (isLocalCardPosPath(portPath)) return true
    const msg = translate(requestLanguage(request.headers), 'devicePort.notLocalPath', [portPath])
    reply.code(400).send({ code: 400, msg })
    return false
  }

  app.get('/ports', async (request) => {
    const lang = requestLanguage(request.headers)
    return ok(lang, await portsView(lang, devices))
  })

  app.put('/ports', { schema: { body: portSchemas.save } }, async (request, reply) => {
    if (!(await guarded(request, reply)) || !localPort(request, reply)) return reply
    const lang = requestLanguage(request.headers)
    const setting = request.body as PortSetting
    const next = devices.portSettings().filter((s) => s.path !== setting.path)
    next.push({ path: setting.path, role: setting.role, baudRate: setting.baudRate })
    await devices.savePortSettings(next)
    return ok(lang, await portsView(lang, devices), 'devicePort.saved')
  })

  app.post('/ports/remove', { schema: { body: portSchemas.remove } }, async (request, reply) => {
    if (!(await guarded(request, reply))) return reply
    const lang = requestLanguage(request.headers)
    const { path: removed } = request.body as { path: string }
    await devices.savePortSettings(devices.portSettings().filter((s) => s.path !== removed))
    return ok(lang, await portsView(lang, devices), 'devicePort.removed')
  })

  app.post('/ports/test', { schema: { body: portSchemas.test } }, async (request, reply) => {
    if (!(await guarded(request, reply)) || !localPort(request, reply)) return reply
    const lang = requestLanguage(request.headers)
    const result = await testPort(lang, devices, request.body as PortTestRequest)
    return ok(lang, result, 'devicePort.tested')
  })
}
