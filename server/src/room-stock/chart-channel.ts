// Every desk's room status chart live: each server instance reads the chart's change log (migration 0067) every
// CHART_POLL_MS for the properties whose chart a transaction committed since its last read changed, and publishes a
// RoomChartMessage on each one's room-chart topic. Consoles read their chart, today's figures and the night audit's
// blockers again when they hear it. The log is written by the database's triggers, so every writer is covered (an
// order action, a payment, a room state, the night audit, a change made by hand in SQL).
//
// Rules:
// - Read, not notified: PostgreSQL's NOTIFY takes one lock for the whole cluster at every notifying commit and holds it
//   until the commit is flushed, so every chart-changing commit of every property went through it one at a time
//   (server/src/db/README.md, "What a server keeps of the chart"). A read every quarter second costs one indexed
//   statement per instance, and misses nothing while a connection is down: the next read finds what committed since
//   the snapshot of the last one.
// - One message per property at a time, and at most one per CHART_MESSAGE_SPACING_MS: the first change is published at
//   once; changes heard while it is being published or in the spacing after it are folded into one more message at
//   the spacing's end. Every console reads its chart again on each message, so a property busy with hundreds of
//   changes a second (a chain's desks at check-out time) costs each console a read every quarter second, not hundreds.
// - Several server instances each relay every change (they share the database, not a process); consoles fold repeats.
// - Each instance prunes the log about once a minute, keeping the changes of the last CHART_LOG_KEPT_TRANSACTIONS
//   transactions of the cluster: a chart kept from before what is pruned is built whole on its next ask.
import { type RoomChartMessage, topics } from '@pms/protocol'
import type { Logger } from 'pino'
import type { Publisher } from '../contract.ts'
import type { SqlClient } from '../db/sql-client.ts'

/** How often each server instance reads the log (a console's chart is at most about this late). */
export const CHART_POLL_MS = 250

/** The least time between two chart messages of one property. */
export const CHART_MESSAGE_SPACING_MS = 250

/** The log keeps the changes of at least this many of the cluster's last transactions (pruneRoomChartLog). */
export const CHART_LOG_KEPT_TRANSACTIONS = 65_536

/** Reads between two prunings of the log (about a minute). */
const PRUNE_EVERY = Math.round(60_000 / CHART_POLL_MS)

export interface RoomChartChannel {
  close(): Promise<void>
}

/** Relays the chart changes the log records to the live channel until closed. */
export async function openRoomChartChannel(
  sql: SqlClient,
  live: Publisher,
  topicPrefix: string,
  log: Logger,
): Promise<RoomChartChannel> {
  const relay = new ChartRelay((propertyId) =>
    live.publish(topics.roomChart(propertyId, topicPrefix), { propertyId } satisfies RoomChartMessage),
  )
  const reader = new ChartLogReader(sql, (propertyId) => relay.changed(propertyId), log)
  await reader.start()
  return {
    async close() {
      await reader.stop()
      relay.close()
      await relay.idle()
    },
  }
}

/**
 * Step: the properties whose chart a transaction committed since the snapshot `seen` changed (none when `seen` is
 * null: the first read), and the snapshot of this read.
 */
export async function chartsChangedSince(
  sql: SqlClient,
  seen: string | null,
): Promise<{ seen: string; properties: number[] }> {
  const { rows } = await sql.upkeep<{ seen: string; property_id: string | null }>(
    `SELECT s.seen::text AS seen, c.property_id::text AS property_id
     FROM (SELECT pg_current_snapshot() AS seen) s
     LEFT JOIN LATERAL (
       SELECT DISTINCT property_id FROM pms_room_chart_change
       WHERE $1::pg_snapshot IS NOT NULL AND xid >= pg_snapshot_xmin($1::pg_snapshot)
         AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)
     ) c ON true`,
    [seen],
  )
  return {
    seen: rows[0]!.seen,
    properties: rows.flatMap((r) => (r.property_id === null ? [] : [Number(r.property_id)])),
  }
}

/**
 * Step: deletes the log's rows older than the cluster's last `kept` transactions (counted back from the oldest one
 * still running) and records that bound in `pms_room_chart_pruned`, which readers compare their snapshot with. One
 * statement; the delete is bounded below by the bound before, so it reads only the rows it removes. Answers how many.
 */
export async function pruneRoomChartLog(sql: SqlClient, kept = CHART_LOG_KEPT_TRANSACTIONS): Promise<number> {
  const { rows } = await sql.upkeep<{ pruned: string }>(
    `WITH cutoff AS (
       SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint - $1::bigint AS x,
         (SELECT below FROM pms_room_chart_pruned) AS before
     ),
     moved AS (
       UPDATE pms_room_chart_pruned p SET below = c.x::text::xid8
       FROM cutoff c WHERE c.x > p.below::text::bigint
       RETURNING p.below
     ),
     gone AS (
       DELETE FROM pms_room_chart_change
       WHERE xid >= (SELECT before FROM cutoff) AND xid < (SELECT below FROM moved)
       RETURNING 1
     )
     SELECT count(*)::text AS pruned FROM gone`,
    [kept],
  )
  return Number(rows[0]?.pruned ?? 0)
}

/** Reads the log every CHART_POLL_MS (never two reads at once) and prunes it every PRUNE_EVERY reads. */
class ChartLogReader {
  #seen: string | null = null
  #timer: NodeJS.Timeout | null = null
  #reading: Promise<void> | null = null
  #reads = 0
  #failing = false
  #stopped = false

  constructor(
    private readonly sql: SqlClient,
    private readonly changed: (propertyId: number) => void,
    private readonly log: Logger,
  ) {}

  /** Takes the first snapshot (nothing before it is relayed), then reads on. */
  async start(): Promise<void> {
    await this.#read()
    this.#schedule()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    await this.#reading
  }

  #schedule() {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#reading = this.#read().finally(() => {
        this.#reading = null
        this.#schedule()
      })
    }, CHART_POLL_MS)
    this.#timer.unref()
  }

  async #read(): Promise<void> {
    try {
      const { seen, properties } = await chartsChangedSince(this.sql, this.#seen)
      this.#seen = seen
      for (const propertyId of properties) this.changed(propertyId)
      if (++this.#reads % PRUNE_EVERY === 0) await pruneRoomChartLog(this.sql)
      if (this.#failing) this.log.info('room chart changes read again')
      this.#failing = false
    } catch (err) {
      // The next read catches up from the last snapshot read: nothing committed meanwhile is missed.
      if (!this.#failing) this.log.warn({ err }, 'room chart changes not read: retrying')
      this.#failing = true
    }
  }
}

/**
 * Step: publishes each changed property once at a time and at most once per `spacingMs`, folding what is heard
 * meanwhile into one more message at the end of the spacing.
 */
export class ChartRelay {
  /** Properties being published or in the spacing after a message. */
  readonly #busy = new Set<number>()
  readonly #sending = new Map<number, Promise<void>>()
  readonly #spacing = new Map<number, NodeJS.Timeout>()
  readonly #again = new Set<number>()
  #closed = false

  constructor(
    private readonly publish: (propertyId: number) => Promise<void>,
    private readonly spacingMs = CHART_MESSAGE_SPACING_MS,
  ) {}

  changed(propertyId: number): void {
    if (this.#closed) return
    if (this.#busy.has(propertyId)) {
      this.#again.add(propertyId)
      return
    }
    this.#busy.add(propertyId)
    const sent = this.publish(propertyId)
      .catch(() => {})
      .finally(() => {
        this.#sending.delete(propertyId)
        this.#spaceOut(propertyId)
      })
    this.#sending.set(propertyId, sent)
  }

  /** After a message: the property's next one waits out the spacing, then carries what was heard meanwhile. */
  #spaceOut(propertyId: number): void {
    if (this.#closed) return
    const timer = setTimeout(() => {
      this.#spacing.delete(propertyId)
      this.#busy.delete(propertyId)
      if (this.#again.delete(propertyId)) this.changed(propertyId)
    }, this.spacingMs)
    timer.unref()
    this.#spacing.set(propertyId, timer)
  }

  /** Publishes nothing more: what waits for its spacing is dropped (consoles catch up on their timed reads). */
  close(): void {
    this.#closed = true
    for (const timer of this.#spacing.values()) clearTimeout(timer)
    this.#spacing.clear()
    this.#again.clear()
    this.#busy.clear()
  }

  /** Resolves once nothing is being published. */
  async idle(): Promise<void> {
    while (this.#sending.size) await Promise.all(this.#sending.values())
  }
}
