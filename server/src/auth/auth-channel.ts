// Keeps this instance's session cache true to the database, and carries revocations between the instances of a chain,
// over one PostgreSQL notification channel (PGlite: the same channel inside the one process).
//
// On the channel (payloads are JSON):
// - {"u": userId} / {"all": true}: sent by the triggers of migration 0023 when a committed change touches what a
//   session may do (its revocation or property, its user's status, roles, bindings; any role, role menu or menu
//   permission) — whoever made it: this server, another instance, a script;
// - {"from": instance, "revocation": …}: a revocation this instance fired, re-fired on the others' RevocationSignal
//   (their live connections close; their caches drop it too);
// - {"sync": id}: `settle`'s marker. PostgreSQL delivers notifications in commit order, so once an instance hears a
//   marker it sent, it has heard every change committed before.
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { SqlClient } from '../db/sql-client.ts'
import type { Revocation, RevocationSignal } from './revocations.ts'
import type { SessionCache } from './session-cache.ts'

export const AUTH_CHANNEL = 'pms_auth'
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7900

type Message = { u: number } | { all: true } | { sync: string } | { from: string; revocation: Revocation }

export interface AuthChannel {
  /** Resolves once every change committed before the call has reached this instance's cache. */
  settle(): Promise<void>
  close(): Promise<void>
}

/** Drops what a revocation (from here or relayed) makes stale. */
function forget(cache: SessionCache, revocation: Revocation) {
  if (revocation.userId === undefined) cache.clear()
  else if ('tokenHashes' in revocation && revocation.tokenHashes) cache.forgetTokens(revocation.tokenHashes)
  else cache.forgetUser(revocation.userId)
}

/** What another instance is sent: the revocation, without its token list if that would not fit a notification. */
function relayed(from: string, revocation: Revocation): string {
  const full = JSON.stringify({ from, revocation } satisfies Message)
  if (full.length <= MAX_PAYLOAD || !('tokenHashes' in revocation)) return full
  const { tokenHashes: _dropped, ...wider } = revocation
  return JSON.stringify({ from, revocation: wider } satisfies Message)
}

export async function openAuthChannel({
  sql,
  revocations,
  cache,
  log,
}: {
  sql: SqlClient
  revocations: RevocationSignal
  cache: SessionCache
  log: Logger
}): Promise<AuthChannel> {
  const instance = randomUUID()
  const markers = new Map<string, () => void>()
  let listening = false
  /** Set while a relayed revocation is re-fired here, so it is not sent back out. */
  let relaying = false

  const notify = (message: Message | string) =>
    sql.query('SELECT pg_notify($1, $2)', [
      AUTH_CHANNEL,
      typeof message === 'string' ? message : JSON.stringify(message),
    ])

  const onPayload = (payload: string) => {
    let message: Message
    try {
      message = JSON.parse(payload) as Message
    } catch {
      log.warn({ payload }, 'unreadable authentication notification: the session cache starts over')
      return cache.clear()
    }
    if ('sync' in message) {
      markers.get(message.sync)?.()
      markers.delete(message.sync)
    } else if ('from' in message) {
      if (message.from === instance) return
      relaying = true
      try {
        revocations.emit(message.revocation)
      } finally {
        relaying = false
      }
    } else if ('u' in message) cache.forgetUser(Number(message.u))
    else cache.clear()
  }

  const stopListening = await sql.listen(AUTH_CHANNEL, {
    onPayload,
    onState(on) {
      listening = on
      // Changes made while nobody listened are unknown: start over, and cache nothing until listening again.
      cache.enable(on)
      if (!on) {
        log.warn('authentication notifications lost: sessions are read from the database until they are back')
        for (const release of markers.values()) release()
        markers.clear()
      } else log.debug('listening to authentication notifications')
    },
  })
  const stopForgetting = revocations.on((revocation) => forget(cache, revocation))
  // One instance on PGlite: nobody else to tell.
  const stopRelaying =
    sql.kind === 'postgres'
      ? revocations.on((revocation) => {
          if (relaying) return
          notify(relayed(instance, revocation)).catch((err: unknown) =>
            log.error({ err, revocation }, 'revocation not relayed to the other server instances'),
          )
        })
      : () => true

  return {
    settle() {
      // Nothing is cached while not listening: there is nothing to wait for.
      if (!listening) return Promise.resolve()
      const id = randomUUID()
      return new Promise<void>((resolve, reject) => {
        markers.set(id, resolve)
        notify({ sync: id }).catch((error: unknown) => {
          markers.delete(id)
          reject(error)
        })
      })
    },
    async close() {
      stopRelaying()
      stopForgetting()
      cache.enable(false)
      await stopListening()
    },
  }
}
