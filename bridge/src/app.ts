// The bridge's composition root: one Fastify app holding the guard, the console, the API (in-process or proxied), the broker and health.
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { translate } from '@pms/protocol'
import type { BridgeMode } from '@pms/protocol/api/bridge-devices'
import type { LatestAppVersion } from '@pms/protocol/api/system'
import type { PmsServer, Publisher } from '@pms/server/contract'
import { requestLogging } from '@pms/server/http/logging'
import { installPlainValidation } from '@pms/server/http/validation'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { type LiveBroker, startLiveBroker } from './broker.ts'
import type { BridgeConfig } from './config.ts'
import { type DeviceApiOptions, deviceApi } from './devices/http.ts'
import { checkRequestSource, type SourcePolicy } from './guard.ts'
import { registerHealthRoute } from './health.ts'
import { requestLanguage } from './language.ts'
import { type DataFolderLock, lockDataFolder } from './lock.ts'
import { registerUpstreamApi, relayLiveChannel } from './proxy.ts'
import { createUpdateCheck, LATEST_BRIDGE_PATH } from './update-check.ts'
import { BRIDGE_VERSION } from './version.ts'
import { registerWebConsole } from './web-console.ts'
import { refuseUpgradesWithoutRoute, registerWebsockets } from './websockets.ts'

export interface BridgeAppOptions {
  config: BridgeConfig
  /** Folder of the built console; web/dist of this checkout by default. */
  webRoot?: string
  /** Environment the in-process server reads (DATABASE_URL, MQTT_URL, …); process.env by default. */
  env?: NodeJS.ProcessEnv
  /** Device-layer tuning (simulator wire speed, card watch) for tests and benchmarks. */
  devices?: DeviceApiOptions
  /**
   * How long /bridge/health keeps the latest published bridge version (10 minutes) and waits for it (1 s); tests ask
   * every time and wait for the answer.
   */
  updateCheck?: { ttlMs: number; waitMs: number }
}

/** What the running bridge holds, for the CLI banner and for tests. */
export interface BridgeRuntime {
  mode: BridgeMode
  /** The in-process business API (embedded mode only). */
  server?: PmsServer
  /** The publisher given to the server when the embedded broker runs. */
  livePublisher?: Publisher
  /** True when the embedded database was opened with the demo seed. */
  demo: boolean
  /** Lines the server wants the person who started it to see (a generated first admin password). */
  notices: string[]
  /** Device simulators: true, false or 'auto' (simulate when no hardware is found); read by the device layer. */
  simulate: boolean | 'auto'
  /** The configuration the bridge started with (the device layer keeps port settings in its file). */
  config?: BridgeConfig
}

declare module 'fastify' {
  interface FastifyInstance {
    bridge: BridgeRuntime
  }
}

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url))

export async function buildBridgeApp(options: BridgeAppOptions): Promise<FastifyInstance> {
  const { config } = options
  const lock = lockDataFolder(config.dataDir)
  try {
    return await assemble(options, lock)
  } catch (error) {
    lock.release()
    throw error
  }
}

async function assemble(options: BridgeAppOptions, lock: DataFolderLock): Promise<FastifyInstance> {
  const { config } = options
  const app = Fastify({
    // Fastify gives each plugin 10 s to start; on a busy desk PC (or a test machine running many products) opening
    // the database and the device drivers can take longer than that, which is slow, not broken.
    pluginTimeout: 120_000,
    // Long id lists (DELETE …/1,2,3,…) are valid paths; the route schemas bound them.
    routerOptions: { maxParamLength: 2000 },
    logger: requestLogging(config.logLevel),
    // Per-request lines only at debug level (the onResponse hook below); a desk PC's log stays readable.
    logController: new LogController({ disableRequestLogging: true }),
  })
  // Whatever fails below, the app must still release what it took when closed.
  const closers: (() => Promise<void> | void)[] = [() => lock.release()]
  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) {
      try {
        await close()
      } catch (error) {
        app.log.error({ err: error }, 'error while shutting down')
      }
    }
  })
  try {
    await compose(app, options, closers)
  } catch (error) {
    await app.close()
    throw error
  }
  return app
}

async function compose(
  app: FastifyInstance,
  options: BridgeAppOptions,
  closers: (() => Promise<void> | void)[],
): Promise<void> {
  const { config } = options
  const startedAt = Date.now()
  // The port listened on, read once when listening starts: every request's Host is checked against it (asking the
  // socket each time was a system call a request).
  let listeningPort: number | undefined
  app.server.on('listening', () => {
    listeningPort = (app.server.address() as AddressInfo | null)?.port
  })
  app.server.on('close', () => {
    listeningPort = undefined
  })
  const policy: SourcePolicy = {
    port: () => listeningPort ?? config.port,
    bindHost: config.host,
    allowedOrigins: config.allowedOrigins,
  }
  // The device routes' schemas are compiled on first use, as the API's are: not a share of every start.
  installPlainValidation(app)
  // Every websocket is a route: its upgrade passes the hooks below like any request, and closes with the app.
  await registerWebsockets(app)
  app.addHook('onRequest', async (request, reply) => {
    const refusal = checkRequestSource(request.headers, policy)
    if (!refusal) return
    request.log.warn({ req: request, refused: refusal.key, value: refusal.value }, 'request refused')
    const msg = translate(requestLanguage(request.headers), refusal.key, [refusal.value])
    return reply.code(403).send({ code: 403, msg })
  })
  refuseUpgradesWithoutRoute(app)
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    )
  })

  const runtime: BridgeRuntime = {
    mode: config.upstream ? 'proxy' : 'embedded',
    demo: false,
    notices: [],
    simulate: config.simulate,
    config,
  }
  app.decorate('bridge', runtime)

  let server: PmsServer | undefined
  let broker: LiveBroker | undefined
  if (config.upstream) {
    await registerUpstreamApi(app, config.upstream)
    if (config.upstreamMqtt) relayLiveChannel(app, config.upstreamMqtt)
  } else {
    // Loaded only here: a bridge in proxy mode never loads the business API or its database driver.
    const { loadServerConfig, openServer } = await import('@pms/server')
    const serverConfig = loadServerConfig(options.env ?? process.env, {
      dataDir: config.dataDir,
      demo: config.demo,
      // The embedded demo signs in without a captcha; a real single-site install starts with it on.
      captchaDefault: !config.demo,
      logLevel: config.logLevel,
    })
    const opened = await openServer(serverConfig)
    server = opened
    runtime.notices = opened.notices
    closers.push(() => opened.close())
    runtime.server = opened
    runtime.demo = serverConfig.demo && !serverConfig.databaseUrl
    await app.register(opened.plugin, { prefix: '/prod-api' })
    if (serverConfig.mqttUrl) {
      // The server publishes to the broker it names; the console reaches it through the relay when configured.
      if (config.upstreamMqtt) relayLiveChannel(app, config.upstreamMqtt)
    } else {
      broker = await startLiveBroker(
        (token) => opened.authorizeLiveChannel(token),
        app.log.child({ module: 'broker' }),
      )
      const started = broker
      const stopRevoking = opened.revocations.on((revocation) => started.revoke(revocation))
      closers.push(() => {
        stopRevoking()
        return started.close()
      })
      opened.setPublisher(started.publisher)
      runtime.livePublisher = broker.publisher
      app.get('/mqtt', { websocket: true }, (socket, request) => started.handleSocket(socket, request.raw))
      if (config.mqttPort !== undefined) await broker.listenTcp(config.mqttPort, config.host)
    }
  }

  await app.register(deviceApi, { prefix: '/bridge', ...options.devices })
  registerHealthRoute(app, {
    version: BRIDGE_VERSION,
    mode: runtime.mode,
    startedAt,
    database: async () => {
      if (!server) return 'upstream'
      return (await server.databaseHealthy().catch(() => false)) ? 'ok' : 'down'
    },
    broker: () => {
      if (!broker) return 'upstream'
      return broker.healthy() ? 'ok' : 'down'
    },
    update: createUpdateCheck(
      BRIDGE_VERSION,
      async () => {
        // Asked as the console asks: to this bridge's own address (its Host guard refuses any other).
        const port = (app.server.address() as AddressInfo | null)?.port
        const res = await app.inject({
          method: 'GET',
          url: LATEST_BRIDGE_PATH,
          headers: { host: `localhost:${port}` },
        })
        return res.statusCode === 200 ? (res.json() as { data: LatestAppVersion }).data : null
      },
      options.updateCheck?.ttlMs,
      options.updateCheck?.waitMs,
    ),
  })
  await registerWebConsole(app, options.webRoot ?? DEFAULT_WEB_ROOT)
}
