// Order routes (/pms/pmsOrder...): list, detail, walk-in, check-in, check-out, cancel check-out, the room actions,
// and hotel timing. Each action is one transaction; the answer is the order view after it (one statement).
import type { OrderView } from '@pms/protocol/api/orders'
import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { ok, page } from '../http/reply.ts'
import { announcePushRecord, writePushRecord } from '../notifications/push.ts'
import {
  addRoom,
  cancelJointRoom,
  changePrice,
  changeRoom,
  extendStay,
  jointRoom,
  removeRoom,
  setMainAccount,
} from './actions.ts'
import { actorOf, mayReadFull } from './actor.ts'
import { orderPushRecord, placeOrder } from './create.ts'
import { OrderPermission } from './menus.ts'
import { sweepOverdue } from './overdue.ts'
import {
  AddRoomBody,
  CancelJointRoomBody,
  ChangePriceBody,
  ChangeRoomBody,
  CheckInBody,
  CheckOutBody,
  ExtendStayBody,
  FullQuery,
  JointRoomBody,
  type ListQuery,
  OrderIdParam,
  OrderListQuery,
  OrderRoomBody,
  RoomsActionBody,
  SetMainAccountBody,
  WalkInBody,
} from './schemas.ts'
import { cancelCheckOut, checkIn, checkOut } from './stays.ts'
import { type Actor, inTransactionAnswered, lockStay } from './store.ts'
import { listOrders, orderDetail, orderView, writtenOrderView } from './views.ts'

type Work<B> = (tx: Db, actor: Actor, body: B) => Promise<unknown>

/**
 * Step: the push record telling the property's desks the guests of the order as the check-in left it (`view`) checked
 * in (orderPushRecord), written as the check-in transaction's last statement (announced once it has committed).
 */
function checkedInPush(tx: Db, actor: Actor, view: OrderView) {
  return writePushRecord(
    tx,
    orderPushRecord(actor.propertyId, 'orders.push.checkedIn', {
      orderNo: view.orderNo,
      contactName: view.contactName,
      firstGuest: view.guestNames[0],
      rooms: view.rooms.map((r) => r.roomNo ?? r.typeName),
      start: view.checkInAt,
      end: view.checkOutAt,
    }),
  )
}

export function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  /** Declares one POST action: it runs in a transaction, then answers the view of the order it touched. */
  function action<S extends TSchema>(
    path: string,
    permission: string,
    schema: S,
    work: Work<Static<S>>,
    orderOf: (tx: Db, actor: Actor, body: Static<S>) => Promise<number>,
  ) {
    app.post(path, { config: { permission }, schema: { body: schema } }, async (request) => {
      const actor = actorOf(request)
      const body = request.body as Static<S>
      return ok(
        await writtenOrderView(db, actor, async (tx) => {
          await work(tx, actor, body)
          return orderOf(tx, actor, body)
        }),
      )
    })
  }
  const byOrder = async (_tx: Db, _actor: Actor, body: { orderId: number }) => body.orderId
  const byStay =
    (id: (b: never) => number) =>
    async (tx: Db, actor: Actor, body: unknown): Promise<number> =>
      (await lockStay(tx, actor.propertyId, id(body as never))).order.orderId

  app.get(
    '/pms/pmsOrder/list',
    { config: { permission: OrderPermission.list }, schema: { querystring: OrderListQuery } },
    async (request) => {
      const actor = actorOf(request)
      const result = await listOrders(db, actor.propertyId, request.query as ListQuery, actor.now, false)
      return page(result.rows, result.total)
    },
  )

  // The night audit calls sweepOverdue itself; the desk may run it for its property at any time.
  app.post(
    '/pms/pmsOrder/sweepOverdue',
    { config: { permission: OrderPermission.edit } },
    async (request) => {
      const actor = actorOf(request)
      return ok({ orderIds: await sweepOverdue(db, actor.now, actor.propertyId) })
    },
  )

  app.get(
    '/pms/pmsOrder/:orderId',
    {
      config: { permission: OrderPermission.query },
      schema: { params: OrderIdParam, querystring: FullQuery },
    },
    async (request) => {
      const actor = actorOf(request)
      const { orderId } = request.params as { orderId: number }
      const query = request.query as { full?: boolean }
      // Who registers guests (edit dialog) or checks them in (prefill from the reservation) reads the full values.
      const full =
        mayReadFull(actor, query, OrderPermission.guest) || mayReadFull(actor, query, OrderPermission.checkIn)
      return ok(await orderDetail(db, actor.propertyId, orderId, actor.now, full))
    },
  )

  app.post(
    '/pms/pmsOrder/walkIn',
    { config: { permission: OrderPermission.checkIn }, schema: { body: WalkInBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as WalkInBody
      return ok(await placeOrder(ctx, actor, 'walkIn', body))
    },
  )

  app.post(
    '/pms/pmsOrder/checkIn',
    { config: { permission: OrderPermission.checkIn }, schema: { body: CheckInBody } },
    async (request) => {
      const actor = actorOf(request)
      const body = request.body as CheckInBody
      const { done: view, answer: push } = await inTransactionAnswered(
        db,
        actor.propertyId,
        async (tx) => {
          await checkIn(tx, actor, body)
          return orderView(tx, actor.propertyId, body.orderId, actor.now)
        },
        (tx, view) => checkedInPush(tx, actor, view),
      )
      await announcePushRecord(ctx, push)
      return ok(view)
    },
  )

  action('/pms/pmsOrder/checkOut', OrderPermission.checkOut, CheckOutBody, checkOut, byOrder)
  action('/pms/pmsOrder/cancelCheckOut', OrderPermission.checkOut, RoomsActionBody, cancelCheckOut, byOrder)
  action(
    '/pms/pmsOrder/setMainAccount',
    OrderPermission.edit,
    SetMainAccountBody,
    (tx, actor, b) => setMainAccount(tx, actor, b.orderId, b.orderRoomId),
    byOrder,
  )
  action(
    '/pms/pmsOrder/jointRoom',
    OrderPermission.edit,
    JointRoomBody,
    (tx, actor, b) => jointRoom(tx, actor, b.mainRoomId, b.orderRoomIds),
    byStay((b: { mainRoomId: number }) => b.mainRoomId),
  )
  action(
    '/pms/pmsOrder/cancelJointRoom',
    OrderPermission.edit,
    CancelJointRoomBody,
    (tx, actor, b) => cancelJointRoom(tx, actor, b.orderRoomIds),
    byStay((b: { orderRoomIds: number[] }) => b.orderRoomIds[0]!),
  )
  action(
    '/pms/pmsOrder/changeRoom',
    OrderPermission.edit,
    ChangeRoomBody,
    changeRoom,
    byStay((b: { orderRoomId: number }) => b.orderRoomId),
  )
  action(
    '/pms/pmsOrder/changePrice',
    OrderPermission.changePrice,
    ChangePriceBody,
    (tx, actor, b) => changePrice(tx, actor, b.orderRoomId, b.priceCents),
    byStay((b: { orderRoomId: number }) => b.orderRoomId),
  )
  action('/pms/pmsOrder/addRoom', OrderPermission.edit, AddRoomBody, addRoom, byOrder)
  // The removed stay is gone afterwards: find its order first.
  app.post(
    '/pms/pmsOrder/removeRoom',
    { config: { permission: OrderPermission.edit }, schema: { body: OrderRoomBody } },
    async (request) => {
      const actor = actorOf(request)
      const { orderRoomId } = request.body as { orderRoomId: number }
      return ok(
        await writtenOrderView(db, actor, async (tx) => {
          const { order } = await lockStay(tx, actor.propertyId, orderRoomId)
          await removeRoom(tx, actor, orderRoomId)
          return order.orderId
        }),
      )
    },
  )
  action(
    '/pms/pmsOrder/extendStay',
    OrderPermission.edit,
    ExtendStayBody,
    extendStay,
    byStay((b: { orderRoomId: number }) => b.orderRoomId),
  )
}
