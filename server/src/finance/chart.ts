// The chart of accounts (issue 11): subject categories, their details and the subjects. Plain CRUD for the first two;
// subjects keep the rules of a chart: a child's code is its parent's plus two digits, in the parent's category and
// direction, and a subject with postings keeps its direction and cannot go (the database refuses too).
import type { Subject, SubjectGroup } from '@pms/protocol/api/finance'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { fSubject, fSubjectCategory, fSubjectCategoryDetail, fVoucherLine } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { Records } from '../http/property-records.ts'
import { ok } from '../http/reply.ts'
import { FinancePermission } from './menus.ts'
import { SubjectCategoryDetailFields, SubjectCategoryFields, SubjectFields } from './schemas.ts'
import { booksProperty } from './scope.ts'

async function categoryOf(db: Db, propertyId: number, categoryId: number) {
  const [row] = await db
    .select()
    .from(fSubjectCategory)
    .where(and(eq(fSubjectCategory.propertyId, propertyId), eq(fSubjectCategory.categoryId, categoryId)))
  if (!row) throw badRequest('finance.unknownRef', ['categoryId'])
  return row
}

async function subjectOf(db: Db, propertyId: number, subjectId: number, field: string) {
  const [row] = await db
    .select()
    .from(fSubject)
    .where(and(eq(fSubject.propertyId, propertyId), eq(fSubject.subjectId, subjectId)))
  if (!row) throw badRequest('finance.unknownRef', [field])
  return row
}

/** Whether a subject has postings (voucher lines). */
export async function hasPostings(db: Db, subjectId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fVoucherLine)
    .where(eq(fVoucherLine.subjectId, subjectId))
  return Number(row?.n ?? 0) > 0
}

/** A leaf subject of the property, for postings and money accounts; 400 naming `field` otherwise. */
export async function leafSubject(db: Db, propertyId: number, subjectId: number, field: string) {
  const row = await subjectOf(db, propertyId, subjectId, field)
  if (!row.leaf) throw badRequest('finance.notLeaf', [field])
  return row
}

export function chartRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/finance/fSubjectCategory',
    table: fSubjectCategory,
    id: { column: fSubjectCategory.categoryId, name: 'categoryId' },
    entity: 'finance.entity.subjectCategory',
    permission: FinancePermission.subjectCategory,
    fields: SubjectCategoryFields,
    filters: {
      categoryName: { column: fSubjectCategory.categoryName, match: 'like' },
      categoryCode: { column: fSubjectCategory.categoryCode, match: 'eq' },
    },
    orderBy: { column: fSubjectCategory.sort },
    propertyColumn: fSubjectCategory.propertyId,
  })

  app.get(
    '/finance/fSubjectCategory/listAll',
    { config: { permission: `${FinancePermission.subjectCategory}:list` } },
    async (request) => {
      const propertyId = booksProperty(request)
      const categories = await db
        .select()
        .from(fSubjectCategory)
        .where(eq(fSubjectCategory.propertyId, propertyId))
        .orderBy(asc(fSubjectCategory.sort), asc(fSubjectCategory.categoryId))
      const details = await db
        .select()
        .from(fSubjectCategoryDetail)
        .where(eq(fSubjectCategoryDetail.propertyId, propertyId))
        .orderBy(asc(fSubjectCategoryDetail.sort), asc(fSubjectCategoryDetail.detailId))
      return ok(
        categories.map((c) => ({ ...c, details: details.filter((d) => d.categoryId === c.categoryId) })),
      )
    },
  )

  defineCrud(app, db, {
    base: '/finance/fSubjectCategoryDetail',
    table: fSubjectCategoryDetail,
    id: { column: fSubjectCategoryDetail.detailId, name: 'detailId' },
    entity: 'finance.entity.subjectCategoryDetail',
    permission: FinancePermission.subjectCategoryDetail,
    fields: SubjectCategoryDetailFields,
    filters: {
      categoryId: { column: fSubjectCategoryDetail.categoryId, match: 'eq' },
      detailName: { column: fSubjectCategoryDetail.detailName, match: 'like' },
    },
    orderBy: { column: fSubjectCategoryDetail.sort },
    propertyColumn: fSubjectCategoryDetail.propertyId,
    refs: { categoryId: Records.subjectCategory },
    prepare: async (fields, { db, propertyId }) => {
      if (fields.categoryId !== undefined) await categoryOf(db, propertyId!, fields.categoryId as number)
      return fields
    },
  })

  defineCrud(app, db, {
    base: '/finance/fSubject',
    table: fSubject,
    id: { column: fSubject.subjectId, name: 'subjectId' },
    entity: 'finance.entity.subject',
    permission: FinancePermission.subject,
    fields: SubjectFields,
    filters: {
      subjectCode: { column: fSubject.subjectCode, match: 'like' },
      subjectName: { column: fSubject.subjectName, match: 'like' },
      categoryId: { column: fSubject.categoryId, match: 'eq' },
      state: { column: fSubject.state, match: 'eq' },
    },
    orderBy: { column: fSubject.subjectCode },
    propertyColumn: fSubject.propertyId,
    refs: { categoryId: Records.subjectCategory, parentId: Records.subject },
    prepare: async (fields, { db, isNew, id, propertyId }) => {
      const pid = propertyId!
      const existing = isNew ? undefined : await subjectOf(db, pid, id!, 'subjectId')
      if (existing) {
        // The code and the place in the tree are the subject's identity: other modules join on the code.
        if (fields.subjectCode !== undefined && fields.subjectCode !== existing.subjectCode)
          throw badRequest('finance.subjectFixed', ['subjectCode'])
        if (fields.parentId !== undefined && (fields.parentId ?? null) !== existing.parentId)
          throw badRequest('finance.subjectFixed', ['parentId'])
        if (
          fields.direction !== undefined &&
          fields.direction !== existing.direction &&
          (await hasPostings(db, existing.subjectId))
        )
          throw conflict('finance.subjectHasPostings')
      }
      const code = (fields.subjectCode as string | undefined) ?? existing?.subjectCode ?? ''
      const categoryId = (fields.categoryId as number | undefined) ?? existing?.categoryId
      if (categoryId !== undefined) await categoryOf(db, pid, categoryId)
      if (fields.detailId !== undefined && fields.detailId !== null) {
        const [detail] = await db
          .select()
          .from(fSubjectCategoryDetail)
          .where(
            and(
              eq(fSubjectCategoryDetail.propertyId, pid),
              eq(fSubjectCategoryDetail.detailId, fields.detailId as number),
            ),
          )
        if (!detail || detail.categoryId !== categoryId) throw badRequest('finance.unknownRef', ['detailId'])
      }
      if (isNew) {
        const parentId = fields.parentId as number | null | undefined
        if (parentId) {
          const parent = await subjectOf(db, pid, parentId, 'parentId')
          if (!code.startsWith(parent.subjectCode) || code.length !== parent.subjectCode.length + 2)
            throw badRequest('finance.childCode', ['subjectCode', parent.subjectCode])
          if (parent.categoryId !== categoryId) throw badRequest('finance.parentCategory', ['categoryId'])
          if (await hasPostings(db, parent.subjectId)) throw conflict('finance.parentHasPostings')
        } else if (code.length !== 4) throw badRequest('finance.topCode', ['subjectCode'])
      }
      return fields
    },
    beforeDelete: async (ids, { db }) => {
      for (const subjectId of ids) {
        if (await hasPostings(db, subjectId)) throw conflict('finance.subjectHasPostings')
        const [child] = await db.select().from(fSubject).where(eq(fSubject.parentId, subjectId)).limit(1)
        if (child) throw conflict('finance.subjectHasChildren')
      }
    },
  })

  app.get(
    '/finance/fSubject/listAll',
    { config: { permission: `${FinancePermission.subject}:list` } },
    async (request) => ok(await subjectGroups(db, booksProperty(request))),
  )
}

/** The chart grouped by category and detail, each group named by the category names ('资产/流动资产'). */
export async function subjectGroups(db: Db, propertyId: number): Promise<SubjectGroup[]> {
  const rows = await db
    .select({
      subject: fSubject,
      categoryName: fSubjectCategory.categoryName,
      categorySort: fSubjectCategory.sort,
      detailName: fSubjectCategoryDetail.detailName,
    })
    .from(fSubject)
    .innerJoin(fSubjectCategory, eq(fSubjectCategory.categoryId, fSubject.categoryId))
    .leftJoin(fSubjectCategoryDetail, eq(fSubjectCategoryDetail.detailId, fSubject.detailId))
    .where(eq(fSubject.propertyId, propertyId))
    .orderBy(asc(fSubjectCategory.sort), asc(fSubject.subjectCode))
  const groups = new Map<string, SubjectGroup>()
  for (const r of rows) {
    const name = r.detailName ? `${r.categoryName}/${r.detailName}` : r.categoryName
    const key = `${r.subject.categoryId}:${r.subject.detailId ?? ''}`
    let group = groups.get(key)
    if (!group) {
      group = { categoryId: r.subject.categoryId, name, subjects: [] }
      groups.set(key, group)
    }
    group.subjects.push({ ...(r.subject as Subject), categoryName: name })
  }
  return [...groups.values()]
}
