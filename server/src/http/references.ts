// One check for every write route: the ids a request names (path, query, body at any depth) that point at
// property-owned records must all belong to the property it acts in. Another property's order, room, member… is
// answered 404 as if absent, before the handler runs, so nothing is written. Routes say what their fields name in
// `config.refs` (see property-records.ts); the field names common to the API are known already.
import { UserType } from '@pms/protocol'
import { inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { notFound } from './errors.ts'
import { type PropertyRecord, Records, type RouteRefs, referenceOf } from './property-records.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route's id fields name, beyond the API-wide names of property-records.ts. */
    refs?: RouteRefs
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const ID_TEXT = /^\d{1,15}(,\d{1,15})*$/

/** The ids in one field's value: a number, a list of numbers, or (path and query) '12' or '1,2,3'. Anything else is
 * left for validation to refuse. */
function idsIn(value: unknown): number[] {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? [value] : []
  if (typeof value === 'string') return ID_TEXT.test(value) ? value.split(',').map(Number) : []
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'number' ? idsIn(v) : []))
  return []
}

/** Every (record, ids) a request value names, walking objects and arrays. */
export function collectReferences(
  value: unknown,
  refs: RouteRefs | undefined,
  into = new Map<PropertyRecord, Set<number>>(),
  depth = 0,
): Map<PropertyRecord, Set<number>> {
  if (!value || typeof value !== 'object' || depth > 8 || Buffer.isBuffer(value)) return into
  if (Array.isArray(value)) {
    for (const item of value) collectReferences(item, refs, into, depth + 1)
    return into
  }
  for (const [name, item] of Object.entries(value)) {
    const record = referenceOf(name, refs)
    if (record) {
      const ids = idsIn(item)
      if (ids.length) {
        const set = into.get(record) ?? new Set<number>()
        for (const id of ids) set.add(id)
        into.set(record, set)
      }
    } else collectReferences(item, refs, into, depth + 1)
  }
  return into
}

/** The owning property of each existing id (absent ids are not in the map). */
export async function ownersOf(db: Db, record: PropertyRecord, ids: number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>()
  if (ids.length === 0) return owners
  const ownerColumn = 'through' in record.owner ? record.owner.through : (record.owner as PgColumn)
  const rows = (await db
    .select({ id: record.id, owner: ownerColumn })
    .from(record.table as never)
    .where(inArray(record.id, ids))) as { id: number; owner: number }[]
  if (!('through' in record.owner)) {
    for (const row of rows) owners.set(Number(row.id), Number(row.owner))
    return owners
  }
  const parents = await ownersOf(db, record.owner.record, [...new Set(rows.map((r) => Number(r.owner)))])
  for (const row of rows) {
    const property = parents.get(Number(row.owner))
    if (property !== undefined) owners.set(Number(row.id), property)
  }
  return owners
}

/**
 * The owning property of each existing id of every record kind named, in one statement for the kinds that hold their
 * property themselves (a UNION ALL of one SELECT per kind); a kind owned through another record adds its own reads.
 */
async function ownersOfAll(
  db: Db,
  named: Map<PropertyRecord, Set<number>>,
  known?: KnownOwners,
): Promise<Map<PropertyRecord, Map<number, number>>> {
  const owners = new Map<PropertyRecord, Map<number, number>>()
  const records = [...named.keys()]
  const direct: SQL[] = []
  for (const [i, record] of records.entries()) {
    if ('through' in record.owner) {
      owners.set(record, await ownersOf(db, record, [...named.get(record)!]))
      continue
    }
    // Owners known already (records whose property never changes) are not asked again.
    const kept = known?.get(record)
    const ids = kept ? [...named.get(record)!].filter((id) => !kept.has(id)) : [...named.get(record)!]
    if (kept) {
      const map = new Map<number, number>()
      for (const id of named.get(record)!) if (kept.has(id)) map.set(id, kept.get(id)!)
      owners.set(record, map)
    }
    if (ids.length)
      direct.push(
        sql`SELECT ${i}::int AS kind, ${record.id} AS id, ${record.owner} AS owner FROM ${record.table} WHERE ${inArray(record.id, ids)}`,
      )
  }
  if (!direct.length) return owners
  type Row = { kind: number; id: number | string; owner: number | string }
  const result: unknown = await db.execute(sql.join(direct, sql` UNION ALL `))
  const rows = (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[]
  for (const row of rows) {
    const record = records[Number(row.kind)]!
    const map = owners.get(record) ?? new Map<number, number>()
    map.set(Number(row.id), Number(row.owner))
    owners.set(record, map)
    known?.remember(record, Number(row.id), Number(row.owner))
  }
  return owners
}

/**
 * The owners one server instance has read of the records whose property never changes once written (no route moves
 * an order, a stay, a guest, a folio entry, a room, a room type or a member to another property, and ids are never
 * reused), so the reference check of a desk's writes (check in, check out, clean…) costs no statement once the
 * records were seen. Only existing records are kept: an id read as absent is asked again. A deleted record stays
 * known, which changes nothing: an id that exists nowhere is left to the handler either way. Bounded: a kind's map
 * starts afresh past LIMIT entries.
 */
export class KnownOwners {
  static readonly LIMIT = 50_000
  static readonly KINDS: ReadonlySet<PropertyRecord> = new Set([
    Records.order,
    Records.orderRoom,
    Records.orderGuest,
    Records.folioEntry,
    Records.room,
    Records.roomType,
    Records.member,
  ])
  private readonly maps = new Map<PropertyRecord, Map<number, number>>()

  get(record: PropertyRecord): Map<number, number> | undefined {
    if (!KnownOwners.KINDS.has(record)) return undefined
    let map = this.maps.get(record)
    if (!map) {
      map = new Map()
      this.maps.set(record, map)
    }
    return map
  }

  remember(record: PropertyRecord, id: number, owner: number) {
    const map = this.get(record)
    if (!map) return
    if (map.size >= KnownOwners.LIMIT) map.clear()
    map.set(id, owner)
  }
}

/**
 * Refuses, as not found, any named record that belongs to a property other than `propertyId`; with no property given,
 * all named records must belong to one property. Ids that exist nowhere are left to the handler, which answers them as
 * it always has.
 */
export async function assertOneProperty(
  db: Db,
  propertyId: number | undefined,
  named: Map<PropertyRecord, Set<number>>,
  known?: KnownOwners,
): Promise<void> {
  if (!named.size) return
  const owners = await ownersOfAll(db, named, known)
  let property = propertyId
  for (const record of named.keys()) {
    for (const owner of owners.get(record)?.values() ?? []) {
      property ??= owner
      if (owner !== property) throw notFound(record.entity)
    }
  }
}

/** Same check for a handler that learns its references itself (inside its transaction, say). */
export async function assertOwnRefs(
  db: Db,
  propertyId: number,
  refs: Record<string, number | readonly number[] | null | undefined>,
): Promise<void> {
  await assertOneProperty(db, propertyId, collectReferences(refs, undefined))
}

/** The property a write acts in: staff act in their session's; a platform user in the one it names, if any. */
function actingProperty(request: FastifyRequest): number | undefined {
  const auth = request.auth
  if (!auth) return undefined
  if (auth.userType !== UserType.platform) return auth.propertyId > 0 ? auth.propertyId : undefined
  for (const source of [request.body, request.query, request.params]) {
    const named = idsIn((source as { propertyId?: unknown } | undefined)?.propertyId)
    if (named.length === 1) return named[0]
  }
  return undefined
}

/** Each server instance's known owners, by its database handle (one per app). */
const knownByDb = new WeakMap<Db, KnownOwners>()

function knownOwners(db: Db): KnownOwners {
  let known = knownByDb.get(db)
  if (!known) {
    known = new KnownOwners()
    knownByDb.set(db, known)
  }
  return known
}

/**
 * Records this server has just created for a property (an order and its stays, say): their owner is known without
 * asking, so the reference check of the next write naming them (the check-in of a reservation made here) sends no
 * statement. Kinds outside KnownOwners.KINDS are ignored.
 */
export function rememberCreated(db: Db, record: PropertyRecord, ids: readonly number[], propertyId: number) {
  const known = knownOwners(db)
  for (const id of ids) known.remember(record, id, propertyId)
}

export function installReferenceCheck(app: FastifyInstance, db: Db) {
  // Per app (server instance): owners read are kept for its lifetime (see KnownOwners).
  const known = knownOwners(db)
  // Before validation, on the request as sent: a foreign id is refused whatever else is wrong with the request.
  app.addHook('preValidation', async (request) => {
    if (!WRITES.has(request.method) || !request.auth) return
    const refs = request.routeOptions.config.refs
    const named = collectReferences(request.params, refs)
    collectReferences(request.query, refs, named)
    collectReferences(request.body, refs, named)
    if (named.size) await assertOneProperty(db, actingProperty(request), named, known)
  })
}
