// Shop order routes: placing from the cart, the lists (the platform sees every property's, a property its own), the
// steps of SHOP_ORDER_STEPS, and the xlsx export. The print page reads GET /ord/ordShopOrder/{id}.
import { UserType } from '@pms/protocol'
import {
  SHOP_ORDER_STATES,
  type ShopOrder,
  type ShopOrderState,
  ShopPermission,
} from '@pms/protocol/api/shop'
import { zonedDateTime } from '@pms/protocol/time/zone'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { ordShopOrder, ordShopOrderLine, property, user } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { IdParam, PageQuery } from '../http/schemas.ts'
import { propertyScope, requireProperty } from '../http/tenancy.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { exportShopOrderWorkbook } from './export.ts'
import { placeShopOrder, stepShopOrder } from './orders.ts'
import { SHOP_REFS } from './records.ts'
import { OrderListQuery, PlaceBody, ShipBody } from './schemas.ts'

const BOTH = [UserType.platform, UserType.registered]
const STAFF = [UserType.registered]
const PLATFORM = [UserType.platform]
const config = (permission: string, userTypes: number[]) => ({ permission, userTypes, refs: SHOP_REFS })
const ByIdParams = { params: IdParam }
const orderRefs = { ...SHOP_REFS, id: SHOP_REFS.orderId! }

type OrderRow = typeof ordShopOrder.$inferSelect

/** Orders as the API answers them: times in each property's zone, with the property's and the buyer's names. */
async function presentOrders(db: Db, rows: OrderRow[]): Promise<ShopOrder[]> {
  const propertyIds = [...new Set(rows.map((r) => r.propertyId))]
  const zones = new Map<number, string>()
  for (const id of propertyIds) zones.set(id, await propertyTimeZone(db, id))
  const names = propertyIds.length
    ? await db
        .select({ id: property.propertyId, name: property.propertyName })
        .from(property)
        .where(inArray(property.propertyId, propertyIds))
    : []
  const buyerIds = [...new Set(rows.map((r) => r.createBy).filter((x): x is number => x !== null))]
  const buyers = buyerIds.length
    ? await db
        .select({ id: user.userId, name: user.nickName, userName: user.userName })
        .from(user)
        .where(inArray(user.userId, buyerIds))
    : []
  return rows.map((r) => {
    const zone = zones.get(r.propertyId)!
    const time = (d: Date | null) => (d ? zonedDateTime(d, zone) : null)
    const buyer = buyers.find((b) => b.id === r.createBy)
    return {
      orderId: r.orderId,
      orderNo: r.orderNo,
      propertyId: r.propertyId,
      propertyName: names.find((n) => n.id === r.propertyId)?.name ?? '',
      state: r.state as ShopOrderState,
      totalCents: Number(r.totalCents),
      itemCount: r.itemCount,
      consignee: r.consignee,
      phone: r.phone,
      address: r.address,
      remark: r.remark,
      carrier: r.carrier,
      trackingNo: r.trackingNo,
      createTime: time(r.createTime)!,
      paidTime: time(r.paidTime),
      shippedTime: time(r.shippedTime),
      receivedTime: time(r.receivedTime),
      cancelledTime: time(r.cancelledTime),
      createByName: buyer ? buyer.name || buyer.userName : '',
    }
  })
}

/** One order with its lines; a property reads only its own (404 otherwise). */
export async function shopOrderDetail(db: Db, request: FastifyRequest, orderId: number): Promise<ShopOrder> {
  const propertyId = propertyScope(authOf(request))
  const [row] = await db
    .select()
    .from(ordShopOrder)
    .where(
      and(
        eq(ordShopOrder.orderId, orderId),
        propertyId ? eq(ordShopOrder.propertyId, propertyId) : undefined,
      ),
    )
  if (!row) throw notFound('shop.entity.order')
  const lines = await db
    .select()
    .from(ordShopOrderLine)
    .where(eq(ordShopOrderLine.orderId, orderId))
    .orderBy(asc(ordShopOrderLine.lineId))
  const [order] = await presentOrders(db, [row])
  return {
    ...order!,
    lines: lines.map((l) => ({
      lineId: l.lineId,
      isPackage: l.isPackage,
      productId: l.productId,
      packageId: l.packageId,
      name: l.name,
      unitPriceCents: Number(l.unitPriceCents),
      num: l.num,
      amountCents: Number(l.amountCents),
    })),
  }
}

export function shopOrderRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/ord/ordShopOrder/place',
    { config: config(ShopPermission.place, STAFF), schema: { body: PlaceBody } },
    async (request) => {
      const auth = authOf(request)
      const buyer = { propertyId: requireProperty(auth), userId: auth.userId }
      const order = await placeShopOrder(db, buyer, request.body as Static<typeof PlaceBody>)
      return ok(await shopOrderDetail(db, request, order.orderId), 'shop.placed')
    },
  )

  app.get(
    '/ord/ordShopOrder/list',
    {
      config: config(ShopPermission.orderList, BOTH),
      schema: { querystring: Type.Composite([PageQuery, OrderListQuery]) },
    },
    async (request) => {
      const query = request.query as Static<typeof OrderListQuery> & Static<typeof PageQuery>
      const propertyId = propertyScope(authOf(request), query.propertyId)
      if (query.state && !(SHOP_ORDER_STATES as readonly string[]).includes(query.state))
        throw badRequest('validation.invalid', ['state'])
      const conditions: (SQL | undefined)[] = [
        propertyId ? eq(ordShopOrder.propertyId, propertyId) : undefined,
        query.state ? eq(ordShopOrder.state, query.state) : undefined,
        query.orderNo ? ilike(ordShopOrder.orderNo, `%${escapeLike(query.orderNo)}%`) : undefined,
      ]
      const where = and(...conditions)
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(ordShopOrder)
          .where(where)
          .orderBy(desc(ordShopOrder.createTime), desc(ordShopOrder.orderId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(ordShopOrder).where(where),
      ])
      return page(await presentOrders(db, rows), Number(totals[0]?.total ?? 0))
    },
  )

  app.get(
    '/ord/ordShopOrder/:id',
    { config: config(ShopPermission.orderQuery, BOTH), schema: ByIdParams },
    async (request) => ok(await shopOrderDetail(db, request, (request.params as Static<typeof IdParam>).id)),
  )

  app.post(
    '/ord/ordShopOrder/pay/:id',
    { config: { ...config(ShopPermission.manage, PLATFORM), refs: orderRefs }, schema: ByIdParams },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      await stepShopOrder(db, 'pay', id, {})
      return ok(await shopOrderDetail(db, request, id), 'shop.paid')
    },
  )

  app.post(
    '/ord/ordShopOrder/ship',
    { config: config(ShopPermission.manage, PLATFORM), schema: { body: ShipBody } },
    async (request) => {
      const body = request.body as Static<typeof ShipBody>
      const carrier = body.carrier.trim()
      const trackingNo = body.trackingNo.trim()
      if (!carrier) throw badRequest('validation.required', ['carrier'])
      if (!trackingNo) throw badRequest('validation.required', ['trackingNo'])
      await stepShopOrder(db, 'ship', body.orderId, { set: { carrier, trackingNo } })
      return ok(await shopOrderDetail(db, request, body.orderId), 'shop.shipped')
    },
  )

  app.post(
    '/ord/ordShopOrder/receive/:id',
    { config: { ...config(ShopPermission.place, STAFF), refs: orderRefs }, schema: ByIdParams },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      await stepShopOrder(db, 'receive', id, { propertyId: requireProperty(authOf(request)) })
      return ok(await shopOrderDetail(db, request, id), 'shop.received')
    },
  )

  app.post(
    '/ord/ordShopOrder/cancel/:id',
    { config: { ...config(ShopPermission.cancel, BOTH), refs: orderRefs }, schema: ByIdParams },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      const auth = authOf(request)
      // A property may withdraw an order the platform has not yet been paid for; the platform also a paid one.
      const options =
        auth.userType === UserType.platform
          ? {}
          : { propertyId: requireProperty(auth), from: ['placed'] as const }
      await stepShopOrder(db, 'cancel', id, options)
      return ok(await shopOrderDetail(db, request, id), 'shop.cancelled')
    },
  )

  app.post(
    '/ord/ordShopOrder/export/:id',
    { config: { ...config(ShopPermission.orderQuery, BOTH), refs: orderRefs }, schema: ByIdParams },
    async (request, reply) => {
      const order = await shopOrderDetail(db, request, (request.params as Static<typeof IdParam>).id)
      const file = await exportShopOrderWorkbook(order, request, await propertyTimeZone(db, order.propertyId))
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.buffer)
    },
  )
}
