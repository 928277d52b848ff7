// The bridge's device API under /bridge/: devices, card read/issue/erase, beep, BLE locks, the simulator's controls
// (simulate mode only) and the /bridge/ws event stream. Device errors become translated {code, msg, data} answers.
import { translate } from '@pms/protocol'
import type { BridgeDevicesView } from '@pms/protocol/api/bridge-devices'
import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify'
import { requestLanguage } from '../language.ts'
import { bleRoutes } from './api/ble-routes.ts'
import { cardRoutes } from './api/card-routes.ts'
import { streamDeviceEvents } from './api/events-ws.ts'
import { portRoutes } from './api/port-routes.ts'
import { DEVICE_ERROR_STATUS, errorView, kindView, ok, statusView } from './api/reply.ts'
import { type DeviceService, type DeviceServiceOptions, startDeviceService } from './api/service.ts'
import { simRoutes } from './api/sim-routes.ts'
import { DeviceError } from './errors.ts'

export interface DeviceApiOptions {
  /** Simulator tuning for tests and the benchmark; simulate itself comes from the bridge runtime. */
  simulator?: DeviceServiceOptions['simulator']
}

declare module '../app.ts' {
  interface BridgeRuntime {
    /** The running device layer (registry, simulator); set by the device API plugin. */
    devices?: DeviceService
  }
}

function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DeviceError, request, reply) => {
    const lang = requestLanguage(request.headers)
    if (error instanceof DeviceError) {
      const status = DEVICE_ERROR_STATUS[error.code]
      if (status >= 500) request.log.warn({ err: error }, 'device operation failed')
      const view = errorView(lang, error.toJSON())
      return reply.code(status).send({ code: status, msg: view.text, data: { error: view } })
    }
    const fastifyError = error as FastifyError
    if (fastifyError.validation) {
      const first = fastifyError.validation[0]
      const field =
        (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ??
        fastifyError.validationContext ??
        'body'
      return reply.code(400).send({ code: 400, msg: translate(lang, 'device.api.badField', { field }) })
    }
    if (fastifyError.statusCode && fastifyError.statusCode < 500)
      return reply
        .code(fastifyError.statusCode)
        .send({ code: fastifyError.statusCode, msg: fastifyError.message })
    request.log.error({ err: error }, 'device API failure')
    return reply.code(500).send({ code: 500, msg: translate(lang, 'error.500') })
  })
}

/** Registered by the bridge app with prefix /bridge. */
export const deviceApi: FastifyPluginAsync<DeviceApiOptions> = async (app, options) => {
  const runtime = app.bridge
  const devices = await startDeviceService({
    simulate: runtime.simulate,
    server: runtime.server as DeviceServiceOptions['server'],
    demo: runtime.demo,
    simulator: options.simulator,
    ports: runtime.config && {
      configFile: runtime.config.configFile,
      settings: runtime.config.devicePorts,
    },
  })
  // The app drops its websockets before onClose, so no event listener outlives the registry.
  app.addHook('onClose', async () => devices.close())
  // The device routes answer once the simulated locks are installed (the bridge's health does not wait for them).
  app.addHook('onRequest', async () => {
    await devices.ready
  })
  runtime.devices = devices
  installErrorHandler(app)

  app.get('/ws', { websocket: true }, (socket, request) =>
    streamDeviceEvents(devices, socket, request.headers),
  )
  app.get('/devices', async (request) => {
    const lang = requestLanguage(request.headers)
    const view: BridgeDevicesView = {
      simulate: devices.simulate,
      devices: devices.registry.list().map((s) => statusView(lang, s)),
      kinds: devices.registry.kindStatus().map((k) => kindView(lang, k)),
    }
    return ok(lang, view)
  })
  cardRoutes(app, devices)
  portRoutes(app, devices)
  bleRoutes(app, devices)
  if (devices.sim) simRoutes(app, devices.sim, devices)
}
