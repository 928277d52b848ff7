// Billing routes (protocol/src/api/billing.ts): the folio of an order, charges, deposits, payments, refunds, the
// check-out bill, settling, and the order's print and spreadsheet data. Every money-moving POST runs once per
// idempotency key; every route acts inside the caller's property (another property's order answers 404).

import type { ChargeRequest, ExpenseRequest, MoneyRequest, RefundRequest } from '@pms/protocol/api/billing'
import type { FolioEntryKind } from '@pms/protocol/billing/index'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { orderRoom, roomTypeCost } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { chargeItemInForce, chargeItemRoutes } from './charge-items.ts'
import { checkoutBill, postCheckoutCharges } from './checkout.ts'
import { findOrder, findOrderRoom, postEntry, readFolio } from './folio.ts'
import { idempotencyKeyOf, once } from './idempotency.ts'
import { FolioPermission } from './menus.ts'
import { registerBillingHooks } from './order-hooks.ts'
import { exportOrderWorkbook, orderPrint, receiptOf } from './print.ts'
import {
  ChargeBody,
  CheckoutChargesBody,
  EntryIdParam,
  ExpenseBody,
  MoneyBody,
  OrderIdParam,
  RefundBody,
} from './schemas.ts'
import { settleFolio } from './settle.ts'

type OrderParams = { orderId: number }

/** Runs a money-moving request once per idempotency key and answers its (first) result. */
async function keyed<T>(
  db: Db,
  request: FastifyRequest,
  route: string,
  work: (tx: Db, ctx: { propertyId: number; userId: number }) => Promise<T>,
) {
  const auth = authOf(request)
  const propertyId = requireProperty(auth)
  const key = idempotencyKeyOf(request)
  const { idempotencyKey: _key, ...body } = (request.body ?? {}) as Record<string, unknown>
  const scope = { propertyId, key, route, request: { params: request.params, body } }
  const { result } = await once(db, scope, (tx) => work(tx, { propertyId, userId: auth.userId }))
  return ok(result)
}

/**
 * The name and amount of a charge: from a cost item of the stay's room type, from a charge item of the property (its
 * price × quantity unless an amount is given, and its finance subject), or given.
 */
async function chargeItem(tx: Db, propertyId: number, body: ChargeRequest) {
  if (body.chargeItemId !== undefined) {
    if (body.costId !== undefined) throw badRequest('chargeItem.withCost', ['chargeItemId', 'costId'])
    const item = await chargeItemInForce(tx, propertyId, body.chargeItemId)
    const quantity = body.quantity ?? 1
    const amountCents = body.amountCents ?? item.priceCents * quantity
    if (amountCents <= 0) throw badRequest('billing.amountInvalid', ['amountCents'])
    return {
      itemName: item.itemName,
      quantity,
      amountCents,
      costId: null,
      chargeItemId: item.chargeItemId,
      subjectCode: item.subjectCode,
    }
  }
  if (body.costId === undefined) {
    if (body.quantity !== undefined) throw badRequest('billing.quantityNeedsCost', ['quantity'])
    if (!body.itemName?.trim()) throw badRequest('validation.required', ['itemName'])
    if (body.amountCents === undefined) throw badRequest('validation.required', ['amountCents'])
    return { itemName: body.itemName.trim(), amountCents: body.amountCents, costId: null }
  }
  if (!body.orderRoomId) throw badRequest('validation.required', ['orderRoomId'])
  const stay = await findOrderRoom(tx, propertyId, body.orderRoomId)
  const [cost] = await tx
    .select()
    .from(roomTypeCost)
    .where(and(eq(roomTypeCost.costId, body.costId), eq(roomTypeCost.roomTypeId, stay.roomTypeId)))
  if (!cost) throw notFound('billing.entity.costItem')
  const amountCents = body.amountCents ?? cost.amount * (body.quantity ?? 1)
  if (amountCents <= 0) throw badRequest('billing.amountInvalid', ['amountCents'])
  return { itemName: cost.costName, quantity: body.quantity ?? 1, amountCents, costId: cost.costId }
}

export function billingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  registerBillingHooks()
  chargeItemRoutes(app, db)

  app.get(
    '/pms/pmsFolio/:orderId',
    { config: { permission: FolioPermission.list }, schema: { params: OrderIdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      return ok(await readFolio(db, propertyId, (request.params as OrderParams).orderId))
    },
  )

  app.post(
    '/pms/pmsFolio/charge',
    { config: { permission: FolioPermission.charge }, schema: { body: ChargeBody } },
    async (request) =>
      keyed(db, request, 'charge', async (tx, { propertyId, userId }) => {
        const body = request.body as ChargeRequest
        const item = await chargeItem(tx, propertyId, body)
        return postEntry(tx, {
          propertyId,
          orderId: body.orderId,
          orderRoomId: body.orderRoomId,
          kind: body.kind ?? 'extraCharge',
          ...item,
          remark: body.remark,
          createBy: userId,
        })
      }),
  )

  const money = (path: string, kind: FolioEntryKind, permission: string, schema: object) =>
    app.post(path, { config: { permission }, schema: { body: schema } }, async (request) =>
      keyed(db, request, kind, async (tx, { propertyId, userId }) => {
        const body = request.body as MoneyRequest & Partial<RefundRequest>
        const reason = body.reason?.trim()
        // The reason is checked against the pms_refund_type dictionary when the entry is posted.
        if (kind === 'refund' && !reason) throw badRequest('validation.required', ['reason'])
        return postEntry(tx, {
          propertyId,
          orderId: body.orderId,
          orderRoomId: body.orderRoomId,
          kind,
          amountCents: body.amountCents,
          method: body.method,
          reason,
          remark: body.remark,
          receiptType: body.receiptType,
          ownFolio: body.ownFolio,
          createBy: userId,
        })
      }),
    )
  money('/pms/pmsFolio/deposit', 'deposit', FolioPermission.pay, MoneyBody)
  money('/pms/pmsFolio/payment', 'payment', FolioPermission.pay, MoneyBody)
  money('/pms/pmsFolio/refund', 'refund', FolioPermission.refund, RefundBody)

  app.post(
    '/pms/pmsFolio/expense',
    { config: { permission: FolioPermission.charge }, schema: { body: ExpenseBody } },
    async (request) =>
      keyed(db, request, 'expense', async (tx, { propertyId, userId }) => {
        const body = request.body as ExpenseRequest
        const itemName = body.itemName.trim()
        if (!itemName) throw badRequest('validation.required', ['itemName'])
        return postEntry(tx, {
          propertyId,
          orderId: body.orderId,
          orderRoomId: body.orderRoomId,
          kind: 'expense',
          amountCents: body.amountCents,
          method: body.method,
          itemName,
          remark: body.remark,
          createBy: userId,
        })
      }),
  )

  app.get(
    '/pms/pmsFolio/receipt/:entryId',
    { config: { permission: FolioPermission.list }, schema: { params: EntryIdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const { entryId } = request.params as { entryId: number }
      return ok(await receiptOf(db, propertyId, entryId, new Date()))
    },
  )

  app.get(
    '/pms/pmsFolio/checkoutBill/:orderId',
    { config: { permission: FolioPermission.list }, schema: { params: OrderIdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      return ok(await checkoutBill(db, propertyId, (request.params as OrderParams).orderId, new Date()))
    },
  )

  app.post(
    '/pms/pmsFolio/checkoutCharges/:orderId',
    {
      config: { permission: FolioPermission.charge },
      schema: { params: OrderIdParam, body: CheckoutChargesBody },
    },
    async (request) =>
      keyed(db, request, 'checkoutCharges', async (tx, { propertyId, userId }) => {
        const { orderId } = request.params as OrderParams
        const { orderRoomIds } = request.body as { orderRoomIds?: number[] }
        await findOrder(tx, propertyId, orderId)
        if (orderRoomIds?.length) {
          const rows = await tx
            .select({ id: orderRoom.orderRoomId })
            .from(orderRoom)
            .where(and(eq(orderRoom.orderId, orderId), eq(orderRoom.propertyId, propertyId)))
          const mine = new Set(rows.map((r) => r.id))
          const stranger = orderRoomIds.find((id) => !mine.has(id))
          if (stranger) throw badRequest('billing.roomNotInOrder', [stranger])
        }
        return postCheckoutCharges(tx, propertyId, orderId, new Date(), { orderRoomIds, createBy: userId })
      }),
  )

  app.post(
    '/pms/pmsFolio/settle/:orderId',
    { config: { permission: FolioPermission.settle }, schema: { params: OrderIdParam } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const { orderId } = request.params as OrderParams
      await db.transaction((tx) => settleFolio(tx as unknown as Db, propertyId, orderId, auth.userId))
      return ok(await readFolio(db, propertyId, orderId, { own: true }))
    },
  )

  app.get(
    '/pms/pmsFolio/print/:orderId',
    { config: { permission: FolioPermission.list }, schema: { params: OrderIdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      return ok(await orderPrint(db, propertyId, (request.params as OrderParams).orderId, new Date()))
    },
  )

  app.post(
    '/orderSystem/ordSysOrder/export/:orderId',
    { config: { permission: FolioPermission.list }, schema: { params: OrderIdParam } },
    async (request, reply) => {
      const propertyId = requireProperty(authOf(request))
      const { orderId } = request.params as OrderParams
      const print = await orderPrint(db, propertyId, orderId, new Date())
      const file = await exportOrderWorkbook(print, request)
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.buffer)
    },
  )
}
