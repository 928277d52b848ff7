// Declares a plain CRUD resource once (table, fields, filters, permissions) and makes its five routes:
// GET {base}/list, GET {base}/:id, POST {base}, PUT {base}, DELETE {base}/:ids. Business flows are written out elsewhere.
import { type Static, type TObject, Type } from '@sinclair/typebox'
import { and, asc, type Column, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { badRequest, notFound } from './errors.ts'
import { authOf } from './guard.ts'
import type { PropertyRecord, RouteRefs } from './property-records.ts'
import { ok, page, paging } from './reply.ts'
import { Id, IdParam, IdsParam, PageQuery, parseIds } from './schemas.ts'
import { propertyScope } from './tenancy.ts'

export interface CrudResource<F extends TObject> {
  /** URL base, e.g. '/system/config'. */
  base: string
  table: PgTable
  /** Primary key column and its name in bodies, e.g. config.configId / 'configId'. */
  id: { column: PgColumn; name: string }
  /** Language-pack key naming one record, for 'does not exist' messages. */
  entity: string
  /** Permission prefix: list, query, add, edit and remove are appended. */
  permission: string
  /** Writable fields (all required on add unless optional in the schema; all optional on edit). */
  fields: F
  /** Query filters: exact match or contains. */
  filters?: Record<string, { column: Column; match: 'eq' | 'like' }>
  orderBy?: { column: Column; direction?: 'asc' | 'desc' }
  /** Property-scoped resources: the column holding the property id (tenancy of DESIGN §4). */
  propertyColumn?: Column
  /** What the fields name where property-records.ts does not know already (e.g. `parentId`, `categoryId`): a write
   * naming another property's record is refused. The resource's own id is declared for you. */
  refs?: RouteRefs
  userTypes?: number[]
  /** Who may add, edit and delete when it is fewer than may read (e.g. the platform sells, properties browse). */
  writeUserTypes?: number[]
  /** What a reader may see beyond the filters (e.g. staff only what is on the shelf; filters through other tables):
   * `query` adds its fields to the list's query, `where` limits the list and GET {base}/:id. */
  scope?: {
    query?: TObject
    where: (request: FastifyRequest, query: Record<string, any>) => SQL | undefined
  }
  /** Turns a stored row into what the API returns. */
  present?: (row: Record<string, unknown>) => unknown
  /** Adds what a list's reader needs beside the ids (names of referenced records), one query per page. */
  describe?: (rows: Record<string, unknown>[], ctx: { db: Db }) => Promise<Record<string, unknown>[]>
  /** Adjusts fields before insert/update (e.g. normalising, checks that need the database). */
  prepare?: (
    fields: Record<string, unknown>,
    ctx: {
      db: Db
      isNew: boolean /** The edited record's id (edits only), e.g. to skip itself in a uniqueness check. */
      id?: number
      /** The record's property (property-scoped resources), e.g. to check that references stay inside it. */
      propertyId?: number
    },
  ) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** Refuses a delete (throw an AppError) before any row goes, e.g. built-in records; runs in the delete's transaction. */
  beforeDelete?: (ids: number[], ctx: { db: Db }) => Promise<void> | void
  /** Body fields that are not columns (child rows, links): kept out of the row, saved with it in one transaction. */
  children?: {
    fields: string[]
    /** Writes the children of a saved row; `body` holds only the child fields that were sent. */
    save: (
      row: Record<string, unknown>,
      body: Record<string, unknown>,
      ctx: { db: Db; isNew: boolean },
    ) => Promise<void>
    /** Adds the children to one record answered by GET {base}/:id. */
    load?: (row: Record<string, unknown>, ctx: { db: Db }) => Promise<Record<string, unknown>>
  }
}

export function defineCrud<F extends TObject>(app: FastifyInstance, db: Db, r: CrudResource<F>) {
  const table = r.table as any
  const present = r.present ?? ((row) => row)
  const filterSchema = Type.Object(
    Object.fromEntries(
      Object.entries(r.filters ?? {}).map(([k, f]) => [
        k,
        // A filter on a number column is parsed as an integer: `?buildingId=abc` is a 400 naming it.
        Type.Optional(
          (f.column as Column).dataType === 'number'
            ? Type.Union([Type.Integer(), Type.Literal('')])
            : Type.String({ maxLength: 100 }),
        ),
      ]),
    ),
  )
  // A property-scoped resource's own id (in an edit body, a delete path) names one of its records.
  const own: PropertyRecord | undefined = r.propertyColumn && {
    entity: r.entity,
    table: r.table,
    id: r.id.column,
    owner: r.propertyColumn as PgColumn,
  }
  const refs: RouteRefs = { ...r.refs, ...(own ? { [r.id.name]: own, id: own, ids: own } : {}) }
  const access = (action: string) => ({
    permission: `${r.permission}:${action}`,
    userTypes: ['add', 'edit', 'remove'].includes(action) ? (r.writeUserTypes ?? r.userTypes) : r.userTypes,
    refs,
  })

  const scopeWhere = (request: any, given: SQL | undefined): SQL | undefined => {
    const extra = r.scope ? and(given, r.scope.where(request, request.query ?? {})) : given
    if (!r.propertyColumn) return extra
    const propertyId = propertyScope(authOf(request), Number((request.query as any)?.propertyId) || undefined)
    return propertyId === undefined ? extra : and(eq(r.propertyColumn, propertyId), extra)
  }

  app.get(
    `${r.base}/list`,
    {
      config: access('list'),
      schema: {
        querystring: Type.Composite([
          PageQuery,
          filterSchema,
          Type.Object({ propertyId: Type.Optional(Id()) }),
          ...(r.scope?.query ? [r.scope.query] : []),
        ]),
      },
    },
    async (request) => {
      const query = request.query as Record<string, any>
      const conditions: SQL[] = []
      for (const [name, f] of Object.entries(r.filters ?? {})) {
        const value = query[name]
        if (value === undefined || value === '') continue
        conditions.push(f.match === 'eq' ? eq(f.column, value) : ilike(f.column, `%${escapeLike(value)}%`))
      }
      const where = scopeWhere(request, conditions.length ? and(...conditions) : undefined)
      const { limit, offset } = paging(query)
      const order = r.orderBy ?? { column: r.id.column, direction: 'asc' }
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(order.direction === 'desc' ? desc(order.column) : asc(order.column), asc(r.id.column))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(table).where(where),
      ])
      const described = r.describe ? await r.describe(rows, { db }) : rows
      return page(described.map(present), Number(totals[0]?.total ?? 0))
    },
  )

  const getOne = async (request: any, id: number) => {
    const [row] = await db
      .select()
      .from(table)
      .where(scopeWhere(request, eq(r.id.column, id)))
    if (!row) throw notFound(r.entity)
    return row
  }

  app.get(`${r.base}/:id`, { config: access('query'), schema: { params: IdParam } }, async (request) => {
    const row = await getOne(request, (request.params as Static<typeof IdParam>).id)
    return ok(present(r.children?.load ? { ...row, ...(await r.children.load(row, { db })) } : row))
  })

  /** Splits a body into the row's own values and its child fields. */
  const split = (body: Record<string, unknown>) => {
    const values = { ...body }
    const children: Record<string, unknown> = {}
    for (const name of r.children?.fields ?? []) {
      if (name in values) children[name] = values[name]
      delete values[name]
    }
    return { values, children }
  }

  app.post(`${r.base}`, { config: access('add'), schema: { body: r.fields } }, async (request) => {
    let { values, children } = split(request.body as Record<string, unknown>)
    delete values[r.id.name]
    let propertyId: number | undefined
    if (r.propertyColumn) {
      propertyId = propertyScope(authOf(request), Number((values as any).propertyId) || undefined)
      if (propertyId === undefined) throw notFound('entity.property')
    }
    if (r.prepare) values = await r.prepare(values, { db, isNew: true, propertyId })
    if (propertyId !== undefined) values.propertyId = propertyId
    const insert = async (tx: Db) => {
      const [row] = (await tx.insert(table).values(values).returning()) as Record<string, unknown>[]
      if (r.children) await r.children.save(row!, children, { db: tx, isNew: true })
      return row
    }
    const row = r.children ? await db.transaction((tx) => insert(tx as unknown as Db)) : await insert(db)
    return ok(present(row), 'common.addSuccess')
  })

  const EditBody = Type.Composite([Type.Partial(r.fields), Type.Object({ [r.id.name]: Id() })])
  app.put(`${r.base}`, { config: access('edit'), schema: { body: EditBody } }, async (request) => {
    const body = request.body as Record<string, unknown>
    const id = body[r.id.name] as number
    const existing = await getOne(request, id)
    let { values, children } = split(body)
    delete values[r.id.name]
    delete values.propertyId
    if (Object.keys(values).length === 0 && Object.keys(children).length === 0)
      throw badRequest('validation.nothingToChange')
    // Property-scoped tables name their property column `propertyId` in Drizzle.
    const propertyId = r.propertyColumn ? (existing.propertyId as number | undefined) : undefined
    if (r.prepare) values = await r.prepare(values, { db, isNew: false, id, propertyId })
    if ('updateTime' in table) values.updateTime = new Date()
    const update = async (tx: Db) => {
      const [row] = (await tx.update(table).set(values).where(eq(r.id.column, id)).returning()) as Record<
        string,
        unknown
      >[]
      if (r.children) await r.children.save(row!, children, { db: tx, isNew: false })
      return row
    }
    const row = r.children ? await db.transaction((tx) => update(tx as unknown as Db)) : await update(db)
    return ok(present(row), 'common.editSuccess')
  })

  app.delete(
    `${r.base}/:ids`,
    { config: access('remove'), schema: { params: IdsParam } },
    async (request) => {
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: r.id.column })
          .from(table)
          .where(scopeWhere(request, inArray(r.id.column, ids)))
        if (found.length !== new Set(ids).size) throw notFound(r.entity)
        if (r.beforeDelete) await r.beforeDelete(ids, { db: tx as unknown as Db })
        await tx.delete(table).where(inArray(r.id.column, ids))
      })
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}
