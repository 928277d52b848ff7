// Opens the business server: config, database and migrations, seeds, live channel; returns what a host mounts.
import { topics, UserType } from '@pms/protocol'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { createApiPlugin } from './app.ts'
import { openAuthChannel } from './auth/auth-channel.ts'
import { RevocationSignal } from './auth/revocations.ts'
import { SessionCache } from './auth/session-cache.ts'
import { resolveSession } from './auth/sessions.ts'
import type { ServerConfig } from './config.ts'
import type { LiveChannelGrant, PmsServer, Publisher } from './contract.ts'
import { type Db, openDatabase } from './db/client.ts'
import { propertyUser } from './db/schema/index.ts'
import type { SqlClient } from './db/sql-client.ts'
import type { DeclaredRoute } from './http/guard.ts'
import { connectMqttPublisher, silentPublisher } from './live/publisher.ts'
import { NightAuditScheduler } from './night-audit/scheduler.ts'
import { openRoomChartChannel } from './room-stock/chart-channel.ts'
import { seed } from './seed/index.ts'

export type { Revocation, RevocationListener, RevocationReason } from './auth/revocations.ts'
export { ConfigError, loadServerConfig, type ServerConfig } from './config.ts'
export type { LiveChannelGrant, PmsServer, Publisher } from './contract.ts'

export interface OpenedServer extends PmsServer {
  /** Every route the plugin declares, with its access rule (tests walk it). */
  routes: DeclaredRoute[]
  /** Lines to show the person who started the server (first admin password of a production install). */
  notices: string[]
  /** The database driver, for tests that arrange or check state directly. */
  sql: SqlClient
  /** The ORM on the same database, for tests of the server's own statement helpers (db/built-once.ts). */
  db: Db
  /**
   * Resolves once every change to sessions, users, roles and permissions committed before the call (by any instance or
   * by hand) has reached this instance's session cache: a test that changes them directly awaits it.
   */
  settleAuthChanges(): Promise<void>
  /** The night audit's scheduler (started with the server; `tick(now)` runs what is due at `now`). */
  nightAudit: NightAuditScheduler
}

export async function openServer(config: ServerConfig): Promise<OpenedServer> {
  const log = pino({ level: config.logLevel, name: 'server' })
  const { db, sql } = await openDatabase(config)
  const notices = await seed(db, config)
  let publisher: Publisher = config.mqttUrl
    ? await connectMqttPublisher(config.mqttUrl, log)
    : silentPublisher
  // A broker that is down must not hold up the business call that announced something: wait briefly, log, go on.
  const live: Publisher = {
    publish: async (topic, payload) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log.warn({ topic }, 'live message not confirmed by the broker within 2 s')
          resolve()
        }, 2000)
      })
      await Promise.race([
        publisher.publish(topic, payload).catch((err) => log.warn({ err, topic }, 'live publish failed')),
        late,
      ])
      clearTimeout(timer)
    },
    close: () => publisher.close(),
  }
  const revocations = new RevocationSignal((err, revocation) =>
    log.error({ err, revocation }, 'revocation listener failed'),
  )
  const sessions = new SessionCache()
  const authChannel = config.sessionCache
    ? await openAuthChannel({ sql, revocations, cache: sessions, log })
    : { settle: async () => {}, close: async () => {} }
  const chartChannel = await openRoomChartChannel(sql, live, config.topicPrefix, log)
  const routes: DeclaredRoute[] = []
  const plugin = createApiPlugin({ config, db, sql, live, revocations, sessions }, routes)
  const nightAudit = new NightAuditScheduler({ db, live, config }, log.child({ name: 'night-audit' }))
  nightAudit.start()

  return {
    plugin,
    revocations,
    routes,
    notices,
    sql,
    db,
    settleAuthChanges: () => authChannel.settle(),
    nightAudit,
    setPublisher(next) {
      publisher = next
    },
    async authorizeLiveChannel(token): Promise<LiveChannelGrant | null> {
      // Connecting the live channel is no sign of a person at the console: it does not slide the session.
      const auth = await resolveSession({ db, sessions }, token, { slide: false })
      if (!auth) return null
      const subscribeTopics = [topics.propertyChange(auth.userId, config.topicPrefix)]
      if (auth.userType === UserType.registered) {
        const bound = await db
          .select({ propertyId: propertyUser.propertyId })
          .from(propertyUser)
          .where(and(eq(propertyUser.userId, auth.userId)))
        for (const b of bound)
          subscribeTopics.push(
            topics.pushRecord(b.propertyId, config.topicPrefix),
            topics.roomChart(b.propertyId, config.topicPrefix),
          )
      }
      return { userId: auth.userId, userType: auth.userType, tokenHash: auth.tokenHash, subscribeTopics }
    },
    async databaseHealthy() {
      try {
        await sql.query('SELECT 1')
        return true
      } catch {
        return false
      }
    },
    async close() {
      await authChannel.close().catch(() => {})
      await chartChannel.close().catch(() => {})
      await nightAudit.stop()
      await publisher.close().catch(() => {})
      await sql.close()
    },
  }
}
