// Order routes (/pms/pmsOrder...): list, detail, walk-in, check-in, check-out, cancel check-out, the room actions,
// and hotel timing. Each action is one transaction; the answer is the order view after it (one statement).
import type { PushRecord } from '@pms/protocol'
import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { type AtCommit, writeBehind } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { ok, page } from '../http/reply.ts'
import { announcePushRecord, formatTime, type NewPushRecord, writePushRecord } from '../notifications/push.ts'
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
import { type CheckedIn, cancelCheckOut, checkIn, checkOut } from './stays.ts'
import { type Actor, inTransactionAnswered } from './store.ts'
import { listOrders, orderDetail, orderView, writtenOrderView } from './views.ts'

/** An action's work: answers the order whose view the desk sees next. */
type Work<B> = (tx: Db, actor: Actor, body: B, atCommit: AtCommit) => Promise<number>

/**
 * Step: the push record telling the property's desks what a check-in did (stays.ts CheckedIn: the rooms checked in now,
 * their span), from what the check-in read (orderPushRecord).
 */
function checkedInPush(actor: Actor, told: CheckedIn): NewPushRecord {
  return orderPushRecord(actor.propertyId, 'orders.push.checkedIn', {
    orderNo: told.orderNo,
    contactName: told.contactName,
    firstGuest: told.firstGuest,
    rooms: told.roomNos,
    start: formatTime(told.start, told.timeZone),
    end: formatTime(told.end, told.timeZone),
  })
}

export function orderRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  /**
   * Declares one POST action: it runs in a transaction, then answers the view of the order it acted on, the order id
   * `work` answers (read with the COMMIT, db/answered.ts).
   */
  function action<S extends TSchema>(path: string, permission: string, schema: S, work: Work<Static<S>>) {
    app.post(path, { config: { permission }, schema: { body: schema } }, async (request) => {
      const actor = actorOf(request)
      const body = request.body as Static<S>
      return ok(await writtenOrderView(db, actor, (tx, atCommit) => work(tx, actor, body, atCommit)))
    })
  }
  /** An action on the order its body names. */
  const onOrder =
    <B extends { orderId: number }>(run: (tx: Db, actor: Actor, body: B) => Promise<unknown>): Work<B> =>
    async (tx, actor, body) => {
      await run(tx, actor, body)
      return body.orderId
    }

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
      // The check-in's writes and its push record go with the order's view and the COMMIT, in one round trip: the
      // record is written behind (db/answered.ts), its answer read once the transaction has committed.
      const { done, answer: view } = await inTransactionAnswered(
        db,
        actor.propertyId,
        async (tx) => {
          const told = await checkIn(tx, actor, body)
          let push: Promise<PushRecord> | undefined
          await writeBehind(tx, () => {
            push = writePushRecord(tx, checkedInPush(actor, told))
            return push
          })
          return { push: push! }
        },
        (tx) => orderView(tx, actor.propertyId, body.orderId, actor.now),
      )
      await announcePushRecord(ctx, await done.push)
      return ok(view)
    },
  )

  action('/pms/pmsOrder/checkOut', OrderPermission.checkOut, CheckOutBody, onOrder(checkOut))
  action('/pms/pmsOrder/cancelCheckOut', OrderPermission.checkOut, RoomsActionBody, onOrder(cancelCheckOut))
  action('/pms/pmsOrder/setMainAccount', OrderPermission.edit, SetMainAccountBody, (tx, actor, b) =>
    setMainAccount(tx, actor, b.orderId, b.orderRoomId),
  )
  // The stay actions answer the order of the stay they locked.
  action('/pms/pmsOrder/jointRoom', OrderPermission.edit, JointRoomBody, (tx, actor, b) =>
    jointRoom(tx, actor, b.mainRoomId, b.orderRoomIds),
  )
  action('/pms/pmsOrder/cancelJointRoom', OrderPermission.edit, CancelJointRoomBody, (tx, actor, b) =>
    cancelJointRoom(tx, actor, b.orderRoomIds),
  )
  action('/pms/pmsOrder/changeRoom', OrderPermission.edit, ChangeRoomBody, changeRoom)
  action('/pms/pmsOrder/changePrice', OrderPermission.changePrice, ChangePriceBody, (tx, actor, b) =>
    changePrice(tx, actor, b.orderRoomId, b.priceCents),
  )
  action('/pms/pmsOrder/addRoom', OrderPermission.edit, AddRoomBody, onOrder(addRoom))
  action('/pms/pmsOrder/removeRoom', OrderPermission.edit, OrderRoomBody, (tx, actor, b) =>
    removeRoom(tx, actor, b.orderRoomId),
  )
  action('/pms/pmsOrder/extendStay', OrderPermission.edit, ExtendStayBody, extendStay)
}
