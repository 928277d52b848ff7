// The room status chart, answered from memory while nothing it shows has changed. Building a 2,000-room chart costs
// the database tens to hundreds of milliseconds (most on the embedded one); every desk of a property asks for it on
// each live update, and most asks find it unchanged.
//
// Whether it changed is the database's to say, so that every server instance of a chain answers the same: each
// committed change to what the chart reads raises the property's chart version (migration 0024, at commit, in the
// same transaction as the change). A chart is kept with the version read *before* it was built; it is answered again
// only while the version is still that one and no instant it depends on has passed (a stay turning overdue, an
// arrival's booking ending). A change committed between the version's read and the build raises the version past the
// kept one, so such a chart is never answered again: it can only be built afresh, never stale.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { ChartAnswer } from './chart-answer.ts'
import { buildStatusChart, type ChartFilter } from './desk-tiles.ts'

interface Kept {
  answer: ChartAnswer
  changesAt: Date | null
  version: string
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]

/** The property's chart version as the database has it now ('0' before its first change). */
export async function roomChartVersion(db: Db, propertyId: number): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(
      sql`SELECT version::text AS version FROM pms_room_chart_version WHERE property_id = ${propertyId}`,
    ),
  )
  return row?.version ?? '0'
}

export class RoomChartCache {
  /** Charts by property and filter, the most recently used last. */
  readonly #kept = new Map<string, Kept>()

  /**
   * @param limit how many charts one instance keeps (a 2,000-room chart is ≈ 0.4 MB of text, and as much again per
   *   language asked in): a property's plain chart and a few filters of a few properties.
   */
  constructor(readonly limit = 8) {}

  /** The chart at `now`: the kept one while it is current (its envelopes already made), else built and kept. */
  async chart(db: Db, propertyId: number, filter: ChartFilter, now: Date): Promise<ChartAnswer> {
    const key = `${propertyId}:${filter.roomTypeId ?? ''}:${filter.state ?? ''}`
    const version = await roomChartVersion(db, propertyId)
    const kept = this.#kept.get(key)
    this.#kept.delete(key)
    if (kept && kept.version === version && (kept.changesAt === null || now < kept.changesAt)) {
      this.#kept.set(key, kept)
      return kept.answer
    }
    const built = await buildStatusChart(db, propertyId, filter, now)
    const answer = new ChartAnswer(built.json)
    this.#kept.set(key, { answer, changesAt: built.changesAt, version })
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value!)
    return answer
  }
}
