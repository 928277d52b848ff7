// The shop order as named steps (DESIGN §4): placing one from the cart (prices and stock checked in one transaction,
// stock taken by a conditional UPDATE so it never goes below zero under concurrency), then the transition table of
// SHOP_ORDER_STEPS: paid (the platform, after an offline payment), shipped (carrier and tracking number), received,
// or cancelled (what the order took from stock is returned).

import {
  type CartLine,
  SHOP_ORDER_STEPS,
  type ShopOrderState,
  type ShopOrderStep,
} from '@pms/protocol/api/shop'
import { formatMoney } from '@pms/protocol/billing/money'
import { compactDay } from '@pms/protocol/time/zone'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import {
  ordProduct,
  ordShipAddress,
  ordShopCart,
  ordShopOrder,
  ordShopOrderLine,
  ordShopOrderStock,
} from '../db/schema/index.ts'
import { conflict, notFound } from '../http/errors.ts'
import { propertyClock } from '../properties/clock.ts'
import { cartLines } from './cart.ts'
import { packageContents } from './catalogue.ts'

export interface Buyer {
  propertyId: number
  userId: number
}

export interface PlaceRequest {
  cartIds: number[]
  addressId: number
  expectedTotalCents: number
  remark?: string
}

/** Step 1: the cart lines named, all of them this buyer's. */
async function takeCartLines(tx: Db, buyer: Buyer, cartIds: number[]): Promise<CartLine[]> {
  const ids = [...new Set(cartIds)]
  const lines = await cartLines(tx, buyer.propertyId, buyer.userId, ids)
  if (lines.length !== ids.length) throw notFound('shop.entity.cart')
  return lines
}

/** Step 2: everything ordered is still on the shelf. */
function checkShelf(lines: CartLine[]): void {
  const off = lines.find((l) => !l.onShelf)
  if (off) throw conflict('shop.offShelfNamed', [off.name])
}

/** Step 3: today's prices, and the total the buyer saw must still be the total. */
function priceLines(lines: CartLine[], expectedTotalCents: number) {
  const priced = lines.map((l) => ({ ...l, amountCents: l.priceCents * l.num }))
  const totalCents = priced.reduce((sum, l) => sum + l.amountCents, 0)
  if (totalCents !== expectedTotalCents) throw conflict('shop.priceChanged', [formatMoney(totalCents)])
  return { priced, totalCents }
}

/** Step 4: the products the lines need (a package needs its contents), taken from stock. Each product is taken with
 * one UPDATE … WHERE stock >= n, in product order so two orders never wait on each other crosswise. */
async function takeStock(tx: Db, lines: CartLine[]): Promise<Map<number, number>> {
  const need = new Map<number, number>()
  const add = (productId: number, num: number) => need.set(productId, (need.get(productId) ?? 0) + num)
  for (const line of lines) {
    if (!line.isPackage) add(line.productId!, line.num)
    else
      for (const [productId, num] of await packageContents(tx, line.packageId!))
        add(productId, num * line.num)
  }
  for (const productId of [...need.keys()].sort((a, b) => a - b)) {
    const num = need.get(productId)!
    const [taken] = await tx
      .update(ordProduct)
      .set({ stock: sql`${ordProduct.stock} - ${num}` })
      .where(and(eq(ordProduct.productId, productId), gte(ordProduct.stock, num)))
      .returning({ stock: ordProduct.stock })
    if (!taken) {
      const [product] = await tx
        .select({ name: ordProduct.name, stock: ordProduct.stock })
        .from(ordProduct)
        .where(eq(ordProduct.productId, productId))
      throw conflict('shop.outOfStock', [product?.name ?? '', product?.stock ?? 0])
    }
  }
  return need
}

/** Step 5: where the parcel goes, as the address reads now (later edits of the address leave the order alone). */
async function addressSnapshot(tx: Db, buyer: Buyer, addressId: number) {
  const [address] = await tx
    .select()
    .from(ordShipAddress)
    .where(and(eq(ordShipAddress.addressId, addressId), eq(ordShipAddress.propertyId, buyer.propertyId)))
  if (!address) throw notFound('shop.entity.address')
  return { consignee: address.consignee, phone: address.phone, address: address.address }
}

/** The order number: 'SO', the property's business date, and the shop's running number. */
async function nextShopOrderNo(tx: Db, propertyId: number, now: Date): Promise<string> {
  const day = compactDay((await propertyClock(tx, propertyId, now)).businessDate)
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`SELECT nextval('ord_shop_order_no_seq') AS n`))
  return `SO${day}${String(row!.n).padStart(6, '0')}`
}

/** Places an order from cart lines: every step in one transaction, the cart lines gone once it is written. */
export async function placeShopOrder(db: Db, buyer: Buyer, input: PlaceRequest, now = new Date()) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const lines = await takeCartLines(tx, buyer, input.cartIds)
    checkShelf(lines)
    const { priced, totalCents } = priceLines(lines, input.expectedTotalCents)
    const taken = await takeStock(tx, lines)
    const address = await addressSnapshot(tx, buyer, input.addressId)
    const [order] = await tx
      .insert(ordShopOrder)
      .values({
        orderNo: await nextShopOrderNo(tx, buyer.propertyId, now),
        propertyId: buyer.propertyId,
        state: 'placed',
        totalCents,
        itemCount: priced.reduce((sum, l) => sum + l.num, 0),
        ...address,
        remark: input.remark?.trim() ?? '',
        createBy: buyer.userId,
        createTime: now,
      })
      .returning()
    await tx.insert(ordShopOrderLine).values(
      priced.map((l) => ({
        orderId: order!.orderId,
        isPackage: l.isPackage,
        productId: l.productId,
        packageId: l.packageId,
        name: l.name,
        unitPriceCents: l.priceCents,
        num: l.num,
        amountCents: l.amountCents,
      })),
    )
    await tx
      .insert(ordShopOrderStock)
      .values([...taken].map(([productId, num]) => ({ orderId: order!.orderId, productId, num })))
    await tx.delete(ordShopCart).where(
      inArray(
        ordShopCart.cartId,
        lines.map((l) => l.cartId),
      ),
    )
    return order!
  })
}

/** Returns to stock what a cancelled order took. */
async function returnStock(tx: Db, orderId: number): Promise<void> {
  const taken = await tx.select().from(ordShopOrderStock).where(eq(ordShopOrderStock.orderId, orderId))
  for (const t of taken)
    await tx
      .update(ordProduct)
      .set({ stock: sql`${ordProduct.stock} + ${t.num}` })
      .where(eq(ordProduct.productId, t.productId))
}

const STEP_TIME = {
  pay: 'paidTime',
  ship: 'shippedTime',
  receive: 'receivedTime',
  cancel: 'cancelledTime',
} as const satisfies Record<ShopOrderStep, keyof typeof ordShopOrder.$inferInsert>

/**
 * Moves an order one step along SHOP_ORDER_STEPS. The UPDATE names the states it may leave, so two steps racing on one
 * order cannot both pass; `propertyId` limits it to the property's own orders (undefined: the platform's view).
 */
export async function stepShopOrder(
  db: Db,
  step: ShopOrderStep,
  orderId: number,
  options: {
    propertyId?: number
    from?: readonly ShopOrderState[]
    set?: { carrier: string; trackingNo: string }
  },
  now = new Date(),
) {
  const rule = SHOP_ORDER_STEPS[step]
  const from = options.from ?? rule.from
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const mine = options.propertyId ? eq(ordShopOrder.propertyId, options.propertyId) : undefined
    const [order] = await tx
      .update(ordShopOrder)
      .set({ state: rule.to, [STEP_TIME[step]]: now, ...options.set })
      .where(and(eq(ordShopOrder.orderId, orderId), mine, inArray(ordShopOrder.state, [...from])))
      .returning()
    if (!order) {
      const [found] = await tx
        .select({ state: ordShopOrder.state })
        .from(ordShopOrder)
        .where(and(eq(ordShopOrder.orderId, orderId), mine))
      if (!found) throw notFound('shop.entity.order')
      throw conflict('shop.badState', [`@shop.state.${found.state}`, `@shop.step.${step}`])
    }
    if (step === 'cancel') await returnStock(tx, orderId)
    return order
  })
}
