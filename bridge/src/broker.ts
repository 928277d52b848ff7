// The embedded MQTT broker (Aedes) behind /mqtt: clients sign in with their session token and may only listen to their own topics.
import type { IncomingMessage } from 'node:http'
import { createServer, type Server as TcpServer } from 'node:net'
import type { LiveChannelGrant, Publisher, Revocation } from '@pms/server/contract'
import { Aedes, type AuthenticateError, type Client } from 'aedes'
import type { FastifyBaseLogger } from 'fastify'
import { createWebSocketStream, type WebSocket } from 'ws'

export interface LiveBroker {
  /** Handed to the server: the only way messages enter the broker. */
  publisher: Publisher
  /** Serves one websocket connection of the /mqtt route (the upgrade has passed the bridge's hooks). */
  handleSocket(socket: WebSocket, request: IncomingMessage): void
  /** Also accepts plain MQTT over TCP. */
  listenTcp(port: number, host: string): Promise<void>
  /**
   * Closes the open connections a revocation ends: the named sessions, or every connection of the user. A client that
   * reconnects signs in again and gets only what its session still allows.
   */
  revoke(revocation: Revocation): void
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
  /** Counts revocations, and remembers the count at each user's latest one: a sign-in that was being authorized when
   * its user was revoked is authorized again, so a grant read just before the revocation cannot outlive it. */
  let revocationCount = 0
  const lastRevoked = new Map<number, number>()
  const authorizeAfterRevocations = async (token: string): Promise<LiveChannelGrant | null> => {
    for (;;) {
      const before = revocationCount
      const grant = await authorize(token)
      if (!grant || (lastRevoked.get(grant.userId) ?? 0) <= before) return grant
    }
  }
  const broker = await Aedes.createBroker({
    authenticate(client, _username, password, done) {
      const token = password?.toString('utf8') ?? ''
      if (!token) return done(refusedLogin(), false)
      authorizeAfterRevocations(token).then(
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

  const websockets = new Set<WebSocket>()
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
    handleSocket(socket, request) {
      websockets.add(socket)
      socket.once('close', () => websockets.delete(socket))
      const stream = createWebSocketStream(socket)
      stream.on('error', () => socket.terminate())
      broker.handle(stream, request)
    },
    listenTcp(port, host) {
      return new Promise((resolve, reject) => {
        tcp = createServer((socket) => broker.handle(socket))
        tcp.once('error', reject)
        tcp.listen(port, host, () => resolve())
      })
    },
    revoke(revocation) {
      // A change of roles or permissions leaves sessions and their topics as they are.
      if (revocation.reason === 'authorityChanged') return
      lastRevoked.set(revocation.userId, ++revocationCount)
      // Aedes keeps its connected clients by id; its type declarations do not list the map.
      const connected = (broker as unknown as { clients: Record<string, Client> }).clients
      for (const client of Object.values(connected)) {
        const grant = grants.get(client)
        if (!grant || grant.userId !== revocation.userId) continue
        if (revocation.tokenHashes && !revocation.tokenHashes.includes(grant.tokenHash)) continue
        log.info(
          { clientId: client.id, reason: revocation.reason },
          'live connection closed: session revoked',
        )
        grants.delete(client)
        client.close()
      }
    },
    healthy: () => !broker.closed,
    async close() {
      publisherOpen = false
      // Closing the broker disconnects its clients, which lets the TCP listener finish closing.
      if (!broker.closed) await new Promise<void>((resolve) => broker.close(() => resolve()))
      for (const socket of websockets) socket.terminate()
      if (tcp) await new Promise<void>((resolve) => tcp!.close(() => resolve()))
    },
  }
}
