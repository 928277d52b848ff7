// The embedded MQTT broker (Aedes) behind /mqtt: clients sign in with their session token and may only listen to their own topics.
import { createServer, type Server as TcpServer } from 'node:net'
import type { LiveChannelGrant, Publisher } from '@pms/server/contract'
import { Aedes, type AuthenticateError, type Client } from 'aedes'
import type { FastifyBaseLogger } from 'fastify'
import { createWebSocketStream, WebSocketServer } from 'ws'
import type { UpgradeHandler } from './upgrade.ts'

export interface LiveBroker {
  /** Handed to the server: the only way messages enter the broker. */
  publisher: Publisher
  /** Accepts a websocket connection on /mqtt. */
  handleUpgrade: UpgradeHandler
  /** Also accepts plain MQTT over TCP. */
  listenTcp(port: number, host: string): Promise<void>
  healthy(): boolean
  close(): Promise<void>
}

export type AuthorizeLiveChannel = (token: string) => Promise<LiveChannelGrant | null>

const BAD_USERNAME_OR_PASSWORD = 4

function refusedLogin(): AuthenticateError {
  return Object.assign(new Error('bad session token'), { returnCode: BAD_USERNAME_OR_PASSWORD })
}

export async function startLiveBroker(
  authorize: AuthorizeLiveChannel,
  log: FastifyBaseLogger,
): Promise<LiveBroker> {
  const grants = new WeakMap<Client, LiveChannelGrant>()
  const broker = await Aedes.createBroker({
    authenticate(client, _username, password, done) {
      const token = password?.toString('utf8') ?? ''
      if (!token) return done(refusedLogin(), false)
      authorize(token).then(
        (grant) => {
          if (!grant) return done(refusedLogin(), false)
          grants.set(client, grant)
          done(null, true)
        },
        (error: unknown) => {
          log.error({ err: error, clientId: client.id }, 'live channel authorization failed')
          done(Object.assign(new Error('authorization unavailable'), { returnCode: 3 }), false)
        },
      )
    },
    authorizeSubscribe(client, subscription, done) {
      const allowed = grants.get(client)?.subscribeTopics.includes(subscription.topic) ?? false
      if (!allowed)
        log.warn({ clientId: client.id, topic: subscription.topic }, 'live channel subscription refused')
      // A null subscription is answered with SUBACK 128 (refused) and the client stays connected.
      done(null, allowed ? subscription : null)
    },
    authorizePublish(client, packet, done) {
      // Only the server publishes; it does so through `publisher`, which does not pass here.
      log.warn({ clientId: client?.id, topic: packet.topic }, 'live channel client tried to publish')
      done(new Error('clients may not publish'))
    },
  })
  broker.on('clientError', (client, error) =>
    log.debug({ clientId: client.id, err: error.message }, 'mqtt client error'),
  )
  broker.on('connectionError', (client, error) =>
    log.debug({ clientId: client?.id, err: error.message }, 'mqtt connection error'),
  )

  const websockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => ['mqtt', 'mqttv3.1'].find((p) => protocols.has(p)) ?? false,
  })
  let tcp: TcpServer | undefined
  let publisherOpen = true

  const publisher: Publisher = {
    publish(topic, payload) {
      if (!publisherOpen || broker.closed) return Promise.reject(new Error('the live channel is closed'))
      return new Promise((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 2,
            retain: false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        )
      })
    },
    // The bridge owns the broker and closes it itself, after the server.
    async close() {
      publisherOpen = false
    },
  }

  return {
    publisher,
    handleUpgrade(request, socket, head) {
      websockets.handleUpgrade(request, socket, head, (ws) => {
        const stream = createWebSocketStream(ws)
        stream.on('error', () => ws.terminate())
        broker.handle(stream, request)
      })
    },
    listenTcp(port, host) {
      return new Promise((resolve, reject) => {
        tcp = createServer((socket) => broker.handle(socket))
        tcp.once('error', reject)
        tcp.listen(port, host, () => resolve())
      })
    },
    healthy: () => !broker.closed,
    async close() {
      publisherOpen = false
      // Closing the broker disconnects its clients, which lets the TCP listener finish closing.
      if (!broker.closed) await new Promise<void>((resolve) => broker.close(() => resolve()))
      for (const ws of websockets.clients) ws.terminate()
      await new Promise<void>((resolve) => websockets.close(() => resolve()))
      if (tcp) await new Promise<void>((resolve) => tcp!.close(() => resolve()))
    },
  }
}
