// The bridge's websockets are Fastify routes (@fastify/websocket): an upgrade passes the same onRequest hooks as
// HTTP (the Host/Origin guard, logging), an upgrade to a path without a websocket route is a 404, and every socket
// is dropped when the app closes.
import fastifyWebsocket from '@fastify/websocket'
import { translate } from '@pms/protocol'
import type { FastifyInstance } from 'fastify'
import { requestLanguage } from './language.ts'

/** The MQTT-over-websocket subprotocols the live channel answers (MQTT 3.1.1 and 3.1). */
export const MQTT_SUBPROTOCOLS: readonly string[] = ['mqtt', 'mqttv3.1']

/**
 * Registers the websocket plugin. Call it before the guard hook: the plugin's own onRequest hook marks an upgrade
 * (`request.ws`) and drops its socket once a refusal is answered, so it must run before any hook that may refuse.
 */
export async function registerWebsockets(app: FastifyInstance): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      // Only the live channel has a subprotocol; /bridge/ws is plain. Offering none at all is also accepted.
      handleProtocols: (offered) => MQTT_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
    },
    // Dropped rather than closed politely: clients reconnect, and a peer that never answers must not hold up a stop.
    preClose(done) {
      for (const socket of app.websocketServer.clients) socket.terminate()
      app.websocketServer.close(() => done())
    },
  })
}

/** After the guard: an upgrade to a path without a websocket route is a 404 (never the console's fallback). */
export function refuseUpgradesWithoutRoute(app: FastifyInstance): void {
  const websocketPaths = new Set<string>()
  app.addHook('onRoute', (route) => {
    if (route.websocket) websocketPaths.add(route.url)
  })
  app.addHook('onRequest', async (request, reply) => {
    if (!request.ws) return
    if (!websocketPaths.has(request.routeOptions.url ?? '')) {
      const msg = translate(requestLanguage(request.headers), 'error.404')
      return reply.code(404).send({ code: 404, msg })
    }
    request.log.debug({ req: request }, 'websocket opened')
  })
}
