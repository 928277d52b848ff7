// Routes of card applications (apply.ts; protocol/src/api/card-apply.ts).
import { CARD_APPLY_STATES, CARD_APPLY_TYPES, CardApplyPermission } from '@pms/protocol/api/card-apply'
import { type Static, Type } from '@sinclair/typebox'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { building, floor } from '../db/schema/index.ts'
import { authOf } from '../http/guard.ts'
import { ok, page } from '../http/reply.ts'
import { Id, PageQuery, Text } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { apply, approve, cancel, listApplications, refuse, written } from './apply.ts'

const CardTime = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 19 })])
const ApplyBody = Type.Object({
  kind: Type.Union(Object.keys(CARD_APPLY_TYPES).map((k) => Type.Literal(k))),
  buildingId: Type.Optional(Id()),
  floorId: Type.Optional(Id()),
  startTime: CardTime,
  endTime: CardTime,
  reason: Text({ minLength: 1, maxLength: 200 }),
})
const ApproveBody = Type.Object({
  uid: Text({ minLength: 8, maxLength: 14 }),
  protocol: Text({ minLength: 1, maxLength: 20 }),
  remark: Type.Optional(Text({ maxLength: 200 })),
})
const RefuseBody = Type.Object({ remark: Text({ minLength: 1, maxLength: 200 }) })
const WrittenBody = Type.Object({ ok: Type.Boolean(), reason: Type.Optional(Text({ maxLength: 200 })) })
const ApplyParam = Type.Object({ applyId: Id() })
const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    mine: Type.Optional(Type.Boolean()),
    state: Type.Optional(Type.Union(CARD_APPLY_STATES.map((s) => Type.Literal(s)))),
  }),
])

/**
 * An application is reached by its id from any property the caller reviews (or, for its applicant, their own): the
 * service checks that, so the API-wide reference check (current property only) is told to leave applyId alone.
 */
const refs = { applyId: false } as const

export function cardApplyRoutes(app: FastifyInstance, { db }: ServerContext) {
  const review = { permission: CardApplyPermission.review, userTypes: [2], refs }
  const idOf = (request: { params: unknown }) => (request.params as Static<typeof ApplyParam>).applyId

  app.get(
    '/pms/pmsCardApply/list',
    { config: { permission: CardApplyPermission.list, userTypes: [2] }, schema: { querystring: ListQuery } },
    async (request) => {
      const { rows, total } = await listApplications(
        db,
        authOf(request).userId,
        request.query as Static<typeof ListQuery>,
      )
      return page(rows, total)
    },
  )
  /** The buildings and floors of the current property, for the form's scope. */
  app.get(
    '/pms/pmsCardApply/scopes',
    { config: { permission: CardApplyPermission.apply, userTypes: [2] } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const [buildings, floors] = await Promise.all([
        db
          .select({ buildingId: building.buildingId, buildingName: building.buildingName })
          .from(building)
          .where(eq(building.propertyId, propertyId))
          .orderBy(asc(building.sort), asc(building.buildingId)),
        db
          .select({ floorId: floor.floorId, buildingId: floor.buildingId, floorName: floor.floorName })
          .from(floor)
          .where(eq(floor.propertyId, propertyId))
          .orderBy(asc(floor.floorNo), asc(floor.floorId)),
      ])
      return ok({ buildings, floors })
    },
  )
  app.post(
    '/pms/pmsCardApply',
    { config: { permission: CardApplyPermission.apply, userTypes: [2] }, schema: { body: ApplyBody } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof ApplyBody>
      return ok(await apply(db, requireProperty(auth), auth.userId, body as never), 'cardApply.applied')
    },
  )
  app.post(
    '/pms/pmsCardApply/cancel/:applyId',
    {
      config: { permission: CardApplyPermission.apply, userTypes: [2], refs },
      schema: { params: ApplyParam },
    },
    async (request) => ok(await cancel(db, authOf(request).userId, idOf(request)), 'cardApply.cancelled'),
  )
  app.post(
    '/pms/pmsCardApply/approve/:applyId',
    { config: review, schema: { params: ApplyParam, body: ApproveBody } },
    async (request) =>
      ok(
        await approve(db, authOf(request).userId, idOf(request), request.body as never, 'approve'),
        'cardApply.approved',
      ),
  )
  app.post(
    '/pms/pmsCardApply/issue/:applyId',
    { config: review, schema: { params: ApplyParam, body: ApproveBody } },
    async (request) =>
      ok(await approve(db, authOf(request).userId, idOf(request), request.body as never, 'issue')),
  )
  app.post(
    '/pms/pmsCardApply/written/:applyId',
    { config: review, schema: { params: ApplyParam, body: WrittenBody } },
    async (request) =>
      ok(
        await written(db, authOf(request).userId, idOf(request), request.body as Static<typeof WrittenBody>),
      ),
  )
  app.post(
    '/pms/pmsCardApply/refuse/:applyId',
    { config: review, schema: { params: ApplyParam, body: RefuseBody } },
    async (request) =>
      ok(
        await refuse(
          db,
          authOf(request).userId,
          idOf(request),
          (request.body as Static<typeof RefuseBody>).remark,
        ),
        'cardApply.refused',
      ),
  )
}
