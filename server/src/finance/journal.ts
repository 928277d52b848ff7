// The cash and bank journal: income and expense categories (groups with children, each child on a subject) and the
// journal lines of each money account, read as a journal with a running balance and in/out totals.
import type { CashJournal, JournalCategory, JournalEntry } from '@pms/protocol/api/finance'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { fAccount, fJournalCategory, fJournalDetailed } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { Records } from '../http/property-records.ts'
import { ok } from '../http/reply.ts'
import { IdParam, IdsParam, parseIds } from '../http/schemas.ts'
import { leafSubject } from './chart.ts'
import { FinancePermission } from './menus.ts'
import { Id, JournalCategoryFields, JournalDetailedFields, JournalQuery } from './schemas.ts'
import { booksProperty } from './scope.ts'

const categoryRecord = Records.journalCategory
const perm = (action: string) => ({
  permission: `${FinancePermission.journalCategory}:${action}`,
  refs: { id: categoryRecord, ids: categoryRecord, categoryId: categoryRecord, parentId: categoryRecord },
})

async function journalCategoryOf(db: Db, propertyId: number, categoryId: number, field = 'categoryId') {
  const [row] = await db
    .select()
    .from(fJournalCategory)
    .where(and(eq(fJournalCategory.propertyId, propertyId), eq(fJournalCategory.categoryId, categoryId)))
  if (!row) throw badRequest('finance.unknownRef', [field])
  return row
}

/** Groups (no parent) with their children, in sort order. */
export async function journalCategoryGroups(db: Db, propertyId: number): Promise<JournalCategory[]> {
  const rows = (await db
    .select()
    .from(fJournalCategory)
    .where(eq(fJournalCategory.propertyId, propertyId))
    .orderBy(asc(fJournalCategory.sort), asc(fJournalCategory.categoryId))) as JournalCategory[]
  return rows
    .filter((r) => r.parentId === null)
    .map((g) => ({ ...g, children: rows.filter((c) => c.parentId === g.categoryId) }))
}

type CategoryBody = Static<typeof JournalCategoryFields>

/** A group has no subject; a child sits in a group of the same flow and names a leaf subject. */
async function checkCategory(db: Db, propertyId: number, body: CategoryBody, selfId?: number) {
  if (body.parentId) {
    const parent = await journalCategoryOf(db, propertyId, body.parentId, 'parentId')
    if (parent.parentId !== null || parent.categoryId === selfId)
      throw badRequest('finance.notAGroup', ['parentId'])
    if (parent.flow !== body.flow) throw badRequest('finance.flowMismatch', ['flow'])
    if (!body.subjectId) throw badRequest('validation.required', ['subjectId'])
    await leafSubject(db, propertyId, body.subjectId, 'subjectId')
  } else if (body.subjectId) throw badRequest('finance.groupNoSubject', ['subjectId'])
}

function journalCategoryRoutes(app: FastifyInstance, db: Db) {
  app.get('/finance/fJournalCategory/listAll', { config: perm('list') }, async (request) => {
    const rows = await db
      .select()
      .from(fJournalCategory)
      .where(eq(fJournalCategory.propertyId, booksProperty(request)))
      .orderBy(asc(fJournalCategory.sort), asc(fJournalCategory.categoryId))
    return ok(rows)
  })
  app.get('/finance/fJournalCategory/list', { config: perm('list') }, async (request) =>
    ok(await journalCategoryGroups(db, booksProperty(request))),
  )
  app.get(
    '/finance/fJournalCategory/:id',
    { config: perm('query'), schema: { params: IdParam } },
    async (request) => {
      const propertyId = booksProperty(request)
      const { id } = request.params as { id: number }
      const [row] = await db
        .select()
        .from(fJournalCategory)
        .where(and(eq(fJournalCategory.propertyId, propertyId), eq(fJournalCategory.categoryId, id)))
      if (!row) throw notFound('finance.entity.journalCategory')
      return ok(row)
    },
  )
  app.post(
    '/finance/fJournalCategory',
    { config: perm('add'), schema: { body: JournalCategoryFields } },
    async (request) => {
      const propertyId = booksProperty(request)
      const body = request.body as CategoryBody
      await checkCategory(db, propertyId, body)
      const [row] = await db
        .insert(fJournalCategory)
        .values({ ...body, parentId: body.parentId ?? null, subjectId: body.subjectId ?? null, propertyId })
        .returning()
      return ok(row, 'common.addSuccess')
    },
  )
  app.put(
    '/finance/fJournalCategory',
    {
      config: perm('edit'),
      schema: {
        body: Type.Composite([JournalCategoryFields, Type.Object({ categoryId: Id })], {
          additionalProperties: false,
        }),
      },
    },
    async (request) => {
      const propertyId = booksProperty(request)
      const { categoryId, ...body } = request.body as CategoryBody & { categoryId: number }
      const existing = await db
        .select()
        .from(fJournalCategory)
        .where(and(eq(fJournalCategory.propertyId, propertyId), eq(fJournalCategory.categoryId, categoryId)))
      if (!existing[0]) throw notFound('finance.entity.journalCategory')
      await checkCategory(db, propertyId, body, categoryId)
      const [child] = await db
        .select()
        .from(fJournalCategory)
        .where(eq(fJournalCategory.parentId, categoryId))
        .limit(1)
      if (child && (body.parentId || body.flow !== existing[0].flow))
        throw conflict('finance.groupHasChildren')
      const [row] = await db
        .update(fJournalCategory)
        .set({ ...body, parentId: body.parentId ?? null, subjectId: body.subjectId ?? null })
        .where(eq(fJournalCategory.categoryId, categoryId))
        .returning()
      return ok(row, 'common.editSuccess')
    },
  )
  app.delete(
    '/finance/fJournalCategory/:ids',
    { config: perm('remove'), schema: { params: IdsParam } },
    async (request) => {
      const propertyId = booksProperty(request)
      const ids = parseIds((request.params as { ids: string }).ids)
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: fJournalCategory.categoryId })
          .from(fJournalCategory)
          .where(and(eq(fJournalCategory.propertyId, propertyId), inArray(fJournalCategory.categoryId, ids)))
        if (found.length !== new Set(ids).size) throw notFound('finance.entity.journalCategory')
        // Children go with their group; lines still naming one keep the category from going (409).
        await tx.delete(fJournalCategory).where(inArray(fJournalCategory.parentId, ids))
        await tx.delete(fJournalCategory).where(inArray(fJournalCategory.categoryId, ids))
      })
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}

async function accountOf(db: Db, propertyId: number, accountId: number) {
  const [row] = await db
    .select()
    .from(fAccount)
    .where(and(eq(fAccount.propertyId, propertyId), eq(fAccount.accountId, accountId)))
  if (!row) throw badRequest('finance.unknownRef', ['accountId'])
  return row
}

function journalDetailedRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/finance/fJournalDetailed',
    table: fJournalDetailed,
    id: { column: fJournalDetailed.journalId, name: 'journalId' },
    entity: 'finance.entity.journal',
    permission: FinancePermission.journalDetailed,
    fields: JournalDetailedFields,
    filters: {
      accountId: { column: fJournalDetailed.accountId, match: 'eq' },
      categoryId: { column: fJournalDetailed.categoryId, match: 'eq' },
      counterpart: { column: fJournalDetailed.counterpart, match: 'like' },
    },
    orderBy: { column: fJournalDetailed.journalDate, direction: 'desc' },
    propertyColumn: fJournalDetailed.propertyId,
    refs: { categoryId: Records.journalCategory },
    prepare: async (fields, { db, isNew, id, propertyId }) => {
      const pid = propertyId!
      const [existing] = isNew
        ? []
        : await db.select().from(fJournalDetailed).where(eq(fJournalDetailed.journalId, id!))
      const merged = { ...existing, ...fields } as Record<string, any>
      if (fields.accountId !== undefined) await accountOf(db, pid, fields.accountId as number)
      const inCents = Number(merged.inCents ?? 0)
      const outCents = Number(merged.outCents ?? 0)
      if (inCents > 0 === outCents > 0) throw badRequest('finance.inOrOut', ['inCents'])
      if (merged.categoryId) {
        const category = await journalCategoryOf(db, pid, merged.categoryId)
        if (category.parentId === null) throw badRequest('finance.categoryIsGroup', ['categoryId'])
        if (category.flow !== (inCents > 0 ? 'in' : 'out'))
          throw badRequest('finance.flowMismatch', ['categoryId'])
      }
      return fields
    },
  })

  app.get(
    '/finance/fJournalDetailed/listAll',
    { config: { permission: `${FinancePermission.journalDetailed}:list` } },
    async (request) => {
      const rows = await db
        .select()
        .from(fJournalDetailed)
        .where(eq(fJournalDetailed.propertyId, booksProperty(request)))
        .orderBy(asc(fJournalDetailed.journalDate), asc(fJournalDetailed.journalId))
      return ok(rows)
    },
  )

  app.get(
    '/finance/fJournalDetailed/journal',
    {
      config: { permission: `${FinancePermission.journalDetailed}:list` },
      schema: { querystring: JournalQuery },
    },
    async (request) => {
      const propertyId = booksProperty(request)
      const q = request.query as Static<typeof JournalQuery>
      if (q.endDate < q.beginDate) throw badRequest('finance.dateRange', ['endDate'])
      const account = await accountOf(db, propertyId, q.accountId)
      const [before] = await db
        .select({
          net: sql<string>`coalesce(sum(${fJournalDetailed.inCents} - ${fJournalDetailed.outCents}), 0)`,
        })
        .from(fJournalDetailed)
        .where(
          and(
            eq(fJournalDetailed.accountId, account.accountId),
            lt(fJournalDetailed.journalDate, q.beginDate),
          ),
        )
      const rows = (await db
        .select()
        .from(fJournalDetailed)
        .where(
          and(
            eq(fJournalDetailed.accountId, account.accountId),
            gte(fJournalDetailed.journalDate, q.beginDate),
            lte(fJournalDetailed.journalDate, q.endDate),
          ),
        )
        .orderBy(asc(fJournalDetailed.journalDate), asc(fJournalDetailed.journalId))) as JournalEntry[]
      const openingCents = account.openingCents + Number(before?.net ?? 0)
      let balance = openingCents
      let inCents = 0
      let outCents = 0
      const lines = rows.map((r) => {
        balance += r.inCents - r.outCents
        inCents += r.inCents
        outCents += r.outCents
        return { ...r, balanceCents: balance }
      })
      const journal: CashJournal = {
        accountId: account.accountId,
        openingCents,
        rows: lines,
        inCents,
        outCents,
        closingCents: balance,
      }
      return ok(journal)
    },
  )
}

export function journalRoutes(app: FastifyInstance, db: Db) {
  journalCategoryRoutes(app, db)
  journalDetailedRoutes(app, db)
}
