// Everything a route needs from the running server, built once in openServer and handed to each module.
import type { RevocationSignal } from './auth/revocations.ts'
import type { SessionCache } from './auth/session-cache.ts'
import type { ServerConfig } from './config.ts'
import type { Publisher } from './contract.ts'
import type { Db } from './db/client.ts'
import type { SqlClient } from './db/sql-client.ts'

export interface ServerContext {
  config: ServerConfig
  db: Db
  sql: SqlClient
  /** Live messages; a no-op until a broker is attached (embedded by the bridge, or MQTT_URL). */
  live: Publisher
  /** Fired whenever sessions end or a user loses a property; this server instance's own signal. */
  revocations: RevocationSignal
  /** This instance's sessions between requests; kept true by `revocations` and the database's notifications. */
  sessions: SessionCache
}
