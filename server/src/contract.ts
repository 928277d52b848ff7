// What the server offers the processes that host it: the bridge (in-process, under /prod-api) and `npm run server`.
import type { FastifyPluginAsync } from 'fastify'
import type { Revocation } from './auth/revocations.ts'

export type { Revocation } from './auth/revocations.ts'

/** Sends live messages (SPEC §7 live channel). The embedded broker or an MQTT client implements it. */
export interface Publisher {
  publish(topic: string, payload: unknown): Promise<void>
  close(): Promise<void>
}

/** What the MQTT broker may let one session do: authenticated by its session token. */
export interface LiveChannelGrant {
  userId: number
  userType: number
  /** SHA-256 (hex) of the session token the connection signed in with: a revocation names the sessions it ends. */
  tokenHash: string
  /** Topics this session may subscribe to: its own user topic and its properties' topics. */
  subscribeTopics: string[]
}

export interface PmsServer {
  /** The business API routes. Register with `{ prefix: '/prod-api' }`. */
  plugin: FastifyPluginAsync
  /** Where live messages go; defaults to an MQTT client on MQTT_URL, or nowhere until the host sets one. */
  setPublisher(publisher: Publisher): void
  /** Decides what a broker client presenting this session token may subscribe to; null when the token is not a live session. */
  authorizeLiveChannel(token: string): Promise<LiveChannelGrant | null>
  /**
   * Session revocations and property unbindings of this server instance, fired after the change is stored. A host
   * running a broker closes the user's live connections on it (the embedded broker does, within the same tick).
   */
  revocations: { on(listener: (revocation: Revocation) => void): () => void }
  /** True when the database answers. */
  databaseHealthy(): Promise<boolean>
  /** Closes the database and the publisher. */
  close(): Promise<void>
}
