// Customer qualification calls (SPEC §7):
//   POST /system/sysCustomQualification          apply (creates, or resubmits an existing application)
//   PUT  /system/sysCustomQualification          resubmit the own application (state 3)
//   GET  /system/sysCustomQualification/own      the own application (data null when none)
//   POST /system/sysCustomQualification/upload   licence image, multipart field `file`; data = its private download path
//   GET  /system/sysCustomQualification/list     platform: paged, filters state, project, contact, phone
//   PUT  /system/sysCustomQualification/check    platform: approve (state 1) or refuse (state 2, remark needed)
//   POST /system/sysCustomQualification/plug/:id platform: create the approved applicant's property (state 4)
// Applicants are registered users (type 2), with or without properties; they only ever see their own record.
import { UserType } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { customQualification, user } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { IdParam, PageQuery } from '../http/schemas.ts'
import { downloadPath, FileCategory, saveFile } from '../system/files.ts'
import { QualificationPermission } from './menus.ts'
import {
  ownApplication,
  plugApplication,
  type QualificationRow,
  reviewApplication,
  submitApplication,
} from './service.ts'

const BASE = '/system/sysCustomQualification'
const applicant = { userTypes: [UserType.registered] }
const platform = (permission: string) => ({ userTypes: [UserType.platform], permission })

// Lengths are checked by the §5 rules with their own messages; the schema only bounds what is read at all.
const text = Type.Optional(Type.String({ maxLength: 1000 }))
const ApplicationBody = Type.Object({
  project: text,
  contact: text,
  phone: text,
  address: text,
  cityId: text,
  image: text,
  refereesPhone: text,
  remark: text,
})

const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    state: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    project: Type.Optional(Type.String({ maxLength: 50 })),
    contact: Type.Optional(Type.String({ maxLength: 20 })),
    phone: Type.Optional(Type.String({ maxLength: 50 })),
  }),
])

const CheckBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  // Missing or empty: 'An audit result must be selected' (checked in the service, with that message).
  state: Type.Optional(Type.Union([Type.Integer(), Type.Literal('')])),
  checkRemark: Type.Optional(Type.String({ maxLength: 200 })),
})

function present(row: QualificationRow, userName?: string) {
  return {
    ...row,
    userName,
    checkTime: row.checkTime?.toISOString() ?? null,
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  }
}

export function qualificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  app.post(BASE, { config: applicant, schema: { body: ApplicationBody } }, async (request) => {
    const row = await submitApplication(ctx, authOf(request).userId, request.body as never, false)
    return ok(present(row), 'qualification.submitted')
  })

  app.put(BASE, { config: applicant, schema: { body: ApplicationBody } }, async (request) => {
    const row = await submitApplication(ctx, authOf(request).userId, request.body as never, true)
    return ok(present(row), 'qualification.submitted')
  })

  app.get(`${BASE}/own`, { config: applicant }, async (request) => {
    const row = await ownApplication(db, authOf(request).userId)
    return ok(row ? present(row) : null)
  })

  // The licence is a private file of the applicant (then of the property plugged in): never a public path.
  app.post(`${BASE}/upload`, { config: applicant }, async (request) => {
    const auth = authOf(request)
    const file = await saveFile(ctx, request, {
      propertyId: 0,
      ownerId: auth.userId,
      private: true,
      category: FileCategory.licence,
      imagesOnly: true,
    })
    return ok(downloadPath(file.fileId))
  })

  app.get(
    `${BASE}/list`,
    { config: platform(QualificationPermission.list), schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as typeof ListQuery.static
      const conditions: SQL[] = []
      if (query.state !== undefined) conditions.push(eq(customQualification.state, query.state))
      for (const field of ['project', 'contact', 'phone'] as const) {
        const value = query[field]?.trim()
        if (value) conditions.push(ilike(customQualification[field], `%${escapeLike(value)}%`))
      }
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db
          .select({ row: customQualification, userName: user.userName })
          .from(customQualification)
          .innerJoin(user, eq(user.userId, customQualification.userId))
          .where(where)
          .orderBy(desc(customQualification.updateTime), desc(customQualification.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(customQualification).where(where),
      ])
      return page(
        rows.map((r) => present(r.row, r.userName)),
        Number(totals[0]?.total ?? 0),
      )
    },
  )

  app.put(
    `${BASE}/check`,
    { config: platform(QualificationPermission.check), schema: { body: CheckBody } },
    async (request) => {
      const body = request.body as typeof CheckBody.static
      const row = await reviewApplication(db, authOf(request).userId, {
        id: body.id,
        state: body.state === '' ? undefined : body.state,
        checkRemark: body.checkRemark,
      })
      return ok(present(row), 'qualification.checkedOk')
    },
  )

  app.post(
    `${BASE}/plug/:id`,
    { config: platform(QualificationPermission.plug), schema: { params: IdParam } },
    async (request) => {
      const { row, propertyId } = await plugApplication(db, (request.params as { id: number }).id)
      return ok({ ...present(row), propertyId }, 'qualification.pluggedOk')
    },
  )
}
