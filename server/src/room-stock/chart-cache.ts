// The room status chart, answered from memory while nothing it shows has changed. Building a 2,000-room chart costs
// the database tens to hundreds of milliseconds (most on the embedded one); every desk of a property asks for it on
// each live update, and most asks find it unchanged.
//
// Whether it changed is the database's to say, so that every server instance of a chain answers the same: each
// committed change to what the chart reads logs, at commit and in the same transaction, the rooms it changed (or the
// chart whole) under its transaction's id (migration 0067). A chart is kept with the snapshot it was built on, read
// by the same statement; the changes since are the logged rows that snapshot does not see. A change committed while
// the chart was being built is not in its snapshot, so it is found on the next ask: a kept chart can only be patched
// or built afresh, never answered stale.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { ChartAnswer } from './chart-answer.ts'
import { prunedPast, unseenChanges } from './chart-log.ts'
import {
  buildStatusChart,
  type ChartClock,
  type ChartFilter,
  type ChartPatch,
  patchStatusChart,
} from './desk-tiles.ts'

interface Kept {
  /** The chart as sent, with the instant it changes by time alone (`answer.changesAt`). */
  answer: ChartAnswer
  clock: ChartClock
  /** The snapshot (`pg_snapshot` as text) the chart shows the property as of. */
  seen: string
}

/**
 * What changed in the property's chart since the snapshot `seen`: nothing, rooms (each named in the log), or the chart
 * whole (a change no room's alone, or rows older than the log keeps: pruned). Answers the snapshot it looked from.
 */
export async function chartChangesSince(
  db: Db,
  propertyId: number,
  seen: string,
): Promise<{ seen: string; changed: 'none' | 'rooms' | 'whole' }> {
  const since = sql`${seen}::pg_snapshot`
  const [row] = rowsOf<{ seen: string; changed: 'none' | 'rooms' | 'whole' }>(
    await db.execute(sql`
      WITH unseen AS (${unseenChanges(propertyId, since)})
      SELECT pg_current_snapshot()::text AS seen,
        CASE WHEN ${prunedPast(since)} OR EXISTS (SELECT 1 FROM unseen WHERE room_id IS NULL) THEN 'whole'
          WHEN EXISTS (SELECT 1 FROM unseen) THEN 'rooms'
          ELSE 'none' END AS changed`),
  )
  return row!
}

/** More changed rooms than this and the chart is built whole again (as cheap, and simpler). */
const PATCH_LIMIT = 200

/** The end of the JSON object starting at `start` (the index after its closing brace). */
function objectEnd(json: string, start: number): number {
  let depth = 0
  for (let i = start; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c === 0x22) {
      // a string: skip to its closing quote, past escaped characters
      for (i++; json.charCodeAt(i) !== 0x22; i++) if (json.charCodeAt(i) === 0x5c) i++
    } else if (c === 0x7b || c === 0x5b) depth++
    else if (c === 0x7d || c === 0x5d) {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

const BUILDINGS = '"buildings" : '

/**
 * The kept chart's text with the patch's counts and tiles, or null when the patch cannot be laid on it (a room
 * entered or left the chart's filter): then it is built whole. A tile's text starts `{"roomId":<id>,` and that cannot
 * occur inside a JSON string (its quotes would be escaped), so it finds the room's one tile.
 */
export function patchedChart(json: string, patch: ChartPatch): string | null {
  const at = json.indexOf(BUILDINGS)
  const headAt = patch.head.indexOf(BUILDINGS)
  if (at < 0 || headAt < 0) return null
  const spans: Array<{ start: number; end: number; tile: string }> = []
  for (const { roomId, tile } of patch.tiles) {
    const start = json.indexOf(`{"roomId":${roomId},`, at)
    if (start < 0 && tile === null) continue
    if (start < 0 || tile === null) return null
    const end = objectEnd(json, start)
    if (end < 0) return null
    spans.push({ start, end, tile })
  }
  spans.sort((a, b) => a.start - b.start)
  const parts = [patch.head.slice(0, headAt)]
  let from = at
  for (const span of spans) {
    parts.push(json.slice(from, span.start), span.tile)
    from = span.end
  }
  parts.push(json.slice(from))
  return parts.join('')
}

export class RoomChartCache {
  /** Charts by property and filter, the most recently used last. */
  readonly #kept = new Map<string, Kept>()

  /**
   * @param limit how many charts one instance keeps (a 2,000-room chart is ≈ 0.4 MB of text, and as much again per
   *   language asked in): a property's plain chart and a few filters of a few properties.
   */
  constructor(readonly limit = 8) {}

  /**
   * The chart at `now`: the kept one while it is current (its envelopes already made); the kept one patched with the
   * rooms changed since when the changes named them; else built whole. Kept either way.
   */
  async chart(db: Db, propertyId: number, filter: ChartFilter, now: Date): Promise<ChartAnswer> {
    const key = `${propertyId}:${filter.roomTypeId ?? ''}:${filter.state ?? ''}`
    const kept = this.#kept.get(key)
    this.#kept.delete(key)
    const timely = kept && (kept.answer.changesAt === null || now < kept.answer.changesAt)
    if (kept && timely) {
      const since = await chartChangesSince(db, propertyId, kept.seen)
      if (since.changed === 'none') {
        // Unchanged up to this newer snapshot: kept as of it, so that what the log prunes stays behind it.
        this.#keep(key, Object.assign(kept, { seen: since.seen }))
        return kept.answer
      }
      if (since.changed === 'rooms') {
        const patch = await patchStatusChart(db, propertyId, filter, kept.clock, kept.seen, now)
        const json =
          !patch.whole && patch.tiles.length <= PATCH_LIMIT ? patchedChart(kept.answer.json, patch) : null
        if (json !== null) {
          const same =
            json === kept.answer.json && patch.changesAt?.getTime() === kept.answer.changesAt?.getTime()
          const answer = same ? kept.answer : new ChartAnswer(json, patch.changesAt)
          this.#keep(key, { answer, clock: kept.clock, seen: patch.seen })
          return answer
        }
      }
    }
    const built = await buildStatusChart(db, propertyId, filter, now)
    const answer = new ChartAnswer(built.json, built.changesAt)
    this.#keep(key, { answer, clock: built.clock, seen: built.seen })
    return answer
  }

  #keep(key: string, kept: Kept) {
    this.#kept.set(key, kept)
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value!)
  }
}
