// Routes of cashier shifts (contract: protocol/src/api/shifts.ts).

import { hasPermission } from '@pms/protocol'
import { type ShiftCloseBody, type ShiftOpenBody, ShiftPermission } from '@pms/protocol/api/shifts'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Money, PageQuery } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { closeShift, currentShift, listShifts, openShift, shiftReport, takeOver } from './shifts.ts'

const Remark = Type.Optional(Type.String({ maxLength: 500 }))
const OpenBody = Type.Object(
  { openingFloatCents: Money({ minimum: 0 }), remark: Remark },
  { additionalProperties: false },
)
const CloseBody = Type.Object(
  {
    counted: Type.Record(Type.String({ maxLength: 20 }), Money({ minimum: 0 })),
    remark: Remark,
  },
  { additionalProperties: false },
)
const ShiftIdParam = Type.Object({ shiftId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) })

export function shiftRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  const tx = <T>(work: (t: typeof db) => Promise<T>) => db.transaction((t) => work(t as unknown as typeof db))

  app.get('/pms/pmsShift/current', { config: { permission: ShiftPermission.list } }, async (request) => {
    const auth = authOf(request)
    return ok(await currentShift(db, requireProperty(auth), auth.userId))
  })

  app.post(
    '/pms/pmsShift/open',
    { config: { permission: ShiftPermission.open }, schema: { body: OpenBody } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      return ok(
        await tx((t) => openShift(t, auth, propertyId, request.body as ShiftOpenBody)),
        'shift.opened',
      )
    },
  )

  app.post(
    '/pms/pmsShift/close',
    { config: { permission: ShiftPermission.close }, schema: { body: CloseBody } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const now = new Date()
      const shiftId = await tx((t) => closeShift(t, auth, propertyId, request.body as ShiftCloseBody, now))
      return ok(
        await shiftReport(db, propertyId, shiftId, { userId: auth.userId, all: true }, now),
        'shift.closed',
      )
    },
  )

  app.post(
    '/pms/pmsShift/handover/:shiftId',
    { config: { permission: ShiftPermission.open }, schema: { params: ShiftIdParam } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const { shiftId } = request.params as { shiftId: number }
      return ok(await tx((t) => takeOver(t, auth, propertyId, shiftId, new Date())), 'shift.handedOver')
    },
  )

  app.get(
    '/pms/pmsShift/list',
    { config: { permission: ShiftPermission.list }, schema: { querystring: PageQuery } },
    async (request) => {
      const auth = authOf(request)
      const all = hasPermission(auth, [ShiftPermission.listAll])
      const { rows, total } = await listShifts(
        db,
        requireProperty(auth),
        all ? null : auth.userId,
        paging(request.query as { pageNum?: number; pageSize?: number }),
      )
      return page(rows, total)
    },
  )

  app.get(
    '/pms/pmsShift/report/:shiftId',
    { config: { permission: ShiftPermission.list }, schema: { params: ShiftIdParam } },
    async (request) => {
      const auth = authOf(request)
      const all = hasPermission(auth, [ShiftPermission.listAll])
      const { shiftId } = request.params as { shiftId: number }
      return ok(
        await shiftReport(db, requireProperty(auth), shiftId, { userId: auth.userId, all }, new Date()),
      )
    },
  )
}
