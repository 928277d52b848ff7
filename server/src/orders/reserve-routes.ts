// Reservation routes (/pms/pmsReserve...): list, availability, detail, reserve, edit, cancellation (apply, audit,
// cancel at once), restore booking, no-show. The contract is documented in protocol/src/api/orders.ts.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { ok, page } from '../http/reply.ts'
import { actorOf, mayReadFull } from './actor.ts'
import { availability } from './availability.ts'
import { placeOrder } from './create.ts'
import { ReservePermission } from './menus.ts'
import {
  applyCancel,
  auditCancel,
  cancelBooking,
  editReservation,
  markNoShow,
  restoreBooking,
} from './reservations.ts'
import {
  AvailabilityQuery,
  CancelApplyBody,
  CancelAuditBody,
  FullQuery,
  type ListQuery,
  OrderIdBody,
  OrderIdParam,
  ReserveBody,
  ReserveEditBody,
  ReserveListQuery,
} from './schemas.ts'
import type { Actor } from './store.ts'
import { listOrders, orderDetail, writtenOrderView } from './views.ts'

export function reserveRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  type Body<T> = T

  app.get(
    '/pms/pmsReserve/list',
    { config: { permission: ReservePermission.list }, schema: { querystring: ReserveListQuery } },
    async (request) => {
      const actor = actorOf(request)
      const result = await listOrders(db, actor.propertyId, request.query as ListQuery, actor.now, true)
      return page(result.rows, result.total)
    },
  )

  app.get(
    '/pms/pmsReserve/availability',
    { config: { permission: ReservePermission.list }, schema: { querystring: AvailabilityQuery } },
    async (request) => {
      const actor = actorOf(request)
      return ok(await availability(db, actor.propertyId, request.query as AvailabilityQuery, actor.now))
    },
  )

  app.get(
    '/pms/pmsReserve/:orderId',
    {
      config: { permission: ReservePermission.query },
      schema: { params: OrderIdParam, querystring: FullQuery },
    },
    async (request) => {
      const actor = actorOf(request)
      const { orderId } = request.params as { orderId: number }
      const full = mayReadFull(actor, request.query as { full?: boolean }, ReservePermission.edit)
      return ok(await orderDetail(db, actor.propertyId, orderId, actor.now, full))
    },
  )

  app.post(
    '/pms/pmsReserve',
    { config: { permission: ReservePermission.add }, schema: { body: ReserveBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as Body<ReserveBody>
      return ok(await placeOrder(ctx, actor, 'reserve', body))
    },
  )

  app.put(
    '/pms/pmsReserve',
    { config: { permission: ReservePermission.edit }, schema: { body: ReserveEditBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as ReserveEditBody
      return ok(
        await writtenOrderView(db, actor, async (tx) => {
          await editReservation(tx, actor, body)
          return body.orderId
        }),
      )
    },
  )

  app.post(
    '/pms/pmsReserve/cancelApply',
    { config: { permission: ReservePermission.cancel }, schema: { body: CancelApplyBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as { orderId: number; reason: string }
      return ok(
        await writtenOrderView(db, actor, async (tx) => {
          await applyCancel(tx, actor, body.orderId, body.reason)
          return body.orderId
        }),
      )
    },
  )

  app.post(
    '/pms/pmsReserve/cancelAudit',
    { config: { permission: ReservePermission.audit }, schema: { body: CancelAuditBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as { orderId: number; approve: boolean; remark?: string }
      return ok(
        await writtenOrderView(db, actor, async (tx) => {
          await auditCancel(tx, actor, body)
          return body.orderId
        }),
      )
    },
  )

  const simple = (
    path: string,
    work: (
      tx: Parameters<typeof cancelBooking>[0],
      actor: Actor,
      body: { orderId: number; remark?: string },
    ) => Promise<void>,
  ) =>
    app.post(
      path,
      { config: { permission: ReservePermission.cancel }, schema: { body: OrderIdBody } },
      async (request) => {
        const actor = actorOf(request)
        const body = request.body as { orderId: number; remark?: string }
        return ok(
          await writtenOrderView(db, actor, async (tx) => {
            await work(tx, actor, body)
            return body.orderId
          }),
        )
      },
    )
  simple('/pms/pmsReserve/cancel', (tx, actor, b) => cancelBooking(tx, actor, b.orderId, b.remark))
  simple('/pms/pmsReserve/restore', (tx, actor, b) => restoreBooking(tx, actor, b.orderId))
  simple('/pms/pmsReserve/noShow', (tx, actor, b) => markNoShow(tx, actor, b.orderId))
}
