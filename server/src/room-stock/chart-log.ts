// The room chart's change log (migration 0067; server/src/db/README.md, "What a server keeps of the chart") as the
// fragments the statements reading it share: the changes a kept chart's snapshot did not see, and whether the log
// was pruned past that snapshot (then those changes cannot be told, and the chart is built whole).
import { type SQL, sql } from 'drizzle-orm'

/** The property's logged changes (`room_id`, NULL for the whole chart) the snapshot `since` does not see. */
export const unseenChanges = (propertyId: number, since: SQL): SQL =>
  sql`SELECT c.room_id FROM pms_room_chart_change c
    WHERE c.property_id = ${propertyId} AND c.xid >= pg_snapshot_xmin(${since})
      AND NOT pg_visible_in_snapshot(c.xid, ${since})`

/** True when the log no longer holds every change the snapshot `since` did not see. */
export const prunedPast = (since: SQL): SQL =>
  sql`(SELECT below FROM pms_room_chart_pruned) > pg_snapshot_xmin(${since})`
