// Every desk's room status chart live: the database notifies channel `pms_room_chart` with a property's id whenever a
// committed transaction changed that property's chart (migration 0057, from the chart-version triggers, so every
// writer is covered), and this relay publishes a RoomChartMessage on the property's room-chart topic. Consoles read
// their chart, today's figures and the night audit's blockers again when they hear it.
//
// Rules:
// - One message per property at a time, and at most one per CHART_MESSAGE_SPACING_MS: the first change is published at
//   once; changes heard while it is being published or in the spacing after it are folded into one more message at
//   the spacing's end. Every console reads its chart again on each message, so a property busy with hundreds of
//   changes a second (a chain's desks at check-out time) costs each console a read every quarter second, not hundreds.
// - A notification lost while the relay was not listening (a dropped database connection) is not replayed: the
//   consoles' timed reads and reconnections catch up, as for a missed push record.
// - Several server instances each relay every change (they share the database, not a process); consoles fold repeats.
import { type RoomChartMessage, topics } from '@pms/protocol'
import type { Logger } from 'pino'
import type { Publisher } from '../contract.ts'
import type { SqlClient } from '../db/sql-client.ts'

export const ROOM_CHART_CHANNEL = 'pms_room_chart'

/** The least time between two chart messages of one property (a console's chart is at most this late). */
export const CHART_MESSAGE_SPACING_MS = 250

export interface RoomChartChannel {
  close(): Promise<void>
}

/** Relays the database's chart notifications to the live channel until closed. */
export async function openRoomChartChannel(
  sql: SqlClient,
  live: Publisher,
  topicPrefix: string,
  log: Logger,
): Promise<RoomChartChannel> {
  const relay = new ChartRelay((propertyId) =>
    live.publish(topics.roomChart(propertyId, topicPrefix), { propertyId } satisfies RoomChartMessage),
  )
  const stop = await sql.listen(ROOM_CHART_CHANNEL, {
    onPayload(payload) {
      const propertyId = Number(payload)
      if (Number.isSafeInteger(propertyId) && propertyId > 0) relay.changed(propertyId)
    },
    onState(listening) {
      if (!listening) log.warn('room chart notifications lost: open charts catch up on their next read')
    },
  })
  return {
    async close() {
      await stop()
      relay.close()
      await relay.idle()
    },
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
