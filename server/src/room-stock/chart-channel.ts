// Every desk's room status chart live: the database notifies channel `pms_room_chart` with a property's id whenever a
// committed transaction changed that property's chart (migration 0057, from the chart-version triggers, so every
// writer is covered), and this relay publishes a RoomChartMessage on the property's room-chart topic. Consoles read
// their chart, today's figures and the night audit's blockers again when they hear it.
//
// Rules:
// - One message per property in flight: changes heard while it is being published are folded into one more message
//   after it (a burst of check-outs sends two, not one per room).
// - A notification lost while the relay was not listening (a dropped database connection) is not replayed: the
//   consoles' timed reads and reconnections catch up, as for a missed push record.
// - Several server instances each relay every change (they share the database, not a process); consoles fold repeats.
import { type RoomChartMessage, topics } from '@pms/protocol'
import type { Logger } from 'pino'
import type { Publisher } from '../contract.ts'
import type { SqlClient } from '../db/sql-client.ts'

export const ROOM_CHART_CHANNEL = 'pms_room_chart'

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
      await relay.idle()
    },
  }
}

/** Step: publishes each changed property once at a time, folding what is heard meanwhile into one more message. */
export class ChartRelay {
  readonly #sending = new Map<number, Promise<void>>()
  readonly #again = new Set<number>()

  constructor(private readonly publish: (propertyId: number) => Promise<void>) {}

  changed(propertyId: number): void {
    if (this.#sending.has(propertyId)) {
      this.#again.add(propertyId)
      return
    }
    const sent = this.publish(propertyId)
      .catch(() => {})
      .finally(() => {
        this.#sending.delete(propertyId)
        if (this.#again.delete(propertyId)) this.changed(propertyId)
      })
    this.#sending.set(propertyId, sent)
  }

  /** Resolves once nothing is being published. */
  async idle(): Promise<void> {
    while (this.#sending.size) await Promise.all(this.#sending.values())
  }
}
