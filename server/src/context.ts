// Everything a route needs from the running server, built once in openServer and handed to each module.
import type { ServerConfig } from './config.ts'
import type { Publisher } from './contract.ts'
import type { Db, SqlClient } from './db/client.ts'

export interface ServerContext {
  config: ServerConfig
  db: Db
  sql: SqlClient
  /** Live messages; a no-op until a broker is attached (embedded by the bridge, or MQTT_URL). */
  live: Publisher
}
