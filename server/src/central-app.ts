// The Fastify options of a central server (`npm run server`, server/src/main.ts).
import type { FastifyServerOptions } from 'fastify'
import type { ServerConfig } from './config.ts'
import { requestLogging } from './http/logging.ts'

export function centralAppOptions(config: ServerConfig): FastifyServerOptions {
  const proxies = config.trustProxy
  return {
    // Fastify gives each plugin 10 s to start; on a busy machine opening the database can take longer than that.
    pluginTimeout: 120_000,
    // Long id lists (DELETE …/1,2,3,…) are valid paths; the route schemas bound them.
    routerOptions: { maxParamLength: 2000 },
    logger: requestLogging(config.logLevel),
    // Client addresses (login throttling, session records) come from X-Forwarded-For only for the proxies named in
    // TRUST_PROXY: otherwise anyone could name a fresh address with each failed login. A number of hops is believed
    // hop by hop from the connection.
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
  }
}
