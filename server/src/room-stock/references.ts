// Checks that keep room stock inside one property: a reference must name a record of the same property, and a
// record still in use cannot be deleted.
import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { badRequest } from '../http/errors.ts'

interface Owned {
  table: PgTable
  id: PgColumn
  propertyId: PgColumn
  /** Language-pack key naming the thing, e.g. 'entity.roomType'. */
  entity: string
}

/** Refuses (400, naming the thing and the id) any id that is not a record of `propertyId`; answers the rows found. */
export async function requireOwned<T extends Owned>(
  db: Db,
  owned: T,
  ids: number[],
  propertyId: number | undefined,
): Promise<Record<string, unknown>[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  const rows = (await db
    .select()
    .from(owned.table as any)
    .where(
      and(inArray(owned.id, wanted), propertyId === undefined ? undefined : eq(owned.propertyId, propertyId)),
    )) as Record<string, unknown>[]
  const key = keyOf(owned)
  const found = new Set(rows.map((r) => Number(r[key])))
  const missing = wanted.find((id) => !found.has(id))
  if (missing !== undefined) throw badRequest('roomStock.refNotInProperty', [`@${owned.entity}`, missing])
  return rows
}

/** The Drizzle key of the id column: tables here name it like the entity, e.g. roomTypeId. */
function keyOf(owned: Owned): string {
  const columns = getTableColumns(owned.table) as Record<string, unknown>
  return Object.keys(columns).find((k) => columns[k] === owned.id) ?? owned.id.name
}

/** How many rows of `table` point at each of `ids` through `column`. */
export async function countUsers(db: Db, table: PgTable, column: PgColumn, ids: number[]) {
  const rows = await db
    .select({ id: column, n: count() })
    .from(table as any)
    .where(inArray(column, ids))
    .groupBy(column)
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]))
}
