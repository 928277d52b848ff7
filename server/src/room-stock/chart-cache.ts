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
import { rowsOf } from '../db/rows.ts'
import { ChartAnswer } from './chart-answer.ts'
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
  version: string
}

/**
 * The property's chart version as the database has it now ('0' before its first change), and the first version
 * whose changed rooms are recorded (migration 0054).
 */
export async function roomChartVersion(
  db: Db,
  propertyId: number,
): Promise<{ version: string; loggedFrom: string }> {
  const [row] = rowsOf<{ version: string; logged_from: string }>(
    await db.execute(
      sql`SELECT version::text AS version, logged_from::text AS logged_from FROM pms_room_chart_version
        WHERE property_id = ${propertyId}`,
    ),
  )
  return row ? { version: row.version, loggedFrom: row.logged_from } : { version: '0', loggedFrom: '1' }
}

/** Whether every change after `since` names its rooms (none changed the chart whole, none was forgotten). */
const recordedSince = (since: string, loggedFrom: string) => BigInt(loggedFrom) <= BigInt(since) + 1n

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
    const { version, loggedFrom } = await roomChartVersion(db, propertyId)
    const kept = this.#kept.get(key)
    this.#kept.delete(key)
    const timely = kept && (kept.answer.changesAt === null || now < kept.answer.changesAt)
    if (kept && timely && kept.version === version) {
      this.#kept.set(key, kept)
      return kept.answer
    }
    if (kept && timely && recordedSince(kept.version, loggedFrom)) {
      const patch = await patchStatusChart(db, propertyId, filter, kept.clock, kept.version, now)
      const json =
        recordedSince(kept.version, patch.loggedFrom) && patch.tiles.length <= PATCH_LIMIT
          ? patchedChart(kept.answer.json, patch)
          : null
      if (json !== null) {
        const same =
          json === kept.answer.json && patch.changesAt?.getTime() === kept.answer.changesAt?.getTime()
        const answer = same ? kept.answer : new ChartAnswer(json, patch.changesAt)
        this.#keep(key, { answer, clock: kept.clock, version: patch.version })
        return answer
      }
    }
    const built = await buildStatusChart(db, propertyId, filter, now)
    const answer = new ChartAnswer(built.json, built.changesAt)
    this.#keep(key, { answer, clock: built.clock, version })
    return answer
  }

  #keep(key: string, kept: Kept) {
    this.#kept.set(key, kept)
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value!)
  }
}
