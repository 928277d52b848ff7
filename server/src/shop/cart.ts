// The property user's cart (SPEC §7 /ord/ordShopCart): products and packages with their quantities. A package is
// added with num 1 (a line that exists gains 1) and the console then sets the num chosen, as SPEC §7 says; a product
// is added with its num, summed into the line that exists. The cart's badge is the sum of num over the lines.
import { UserType } from '@pms/protocol'
import { type CartLine, ShopPermission } from '@pms/protocol/api/shop'
import type { Static } from '@sinclair/typebox'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { ordPackage, ordProduct, ordShopCart } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam, IdsParam, parseIds } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { SHOP_REFS } from './records.ts'
import { CartAddBody, CartEditBody, MAX_NUM } from './schemas.ts'

const STAFF = [UserType.registered]
const access = (action: string) => ({
  permission: `${ShopPermission.cart}:${action}`,
  userTypes: STAFF,
  refs: SHOP_REFS,
})

/** The lines of one user's cart in one property, with what each line is (name, first image, price, shelf). */
export async function cartLines(db: Db, propertyId: number, userId: number, cartIds?: number[]) {
  const rows = await db
    .select({
      cartId: ordShopCart.cartId,
      isPackage: ordShopCart.isPackage,
      productId: ordShopCart.productId,
      packageId: ordShopCart.packageId,
      num: ordShopCart.num,
      productName: ordProduct.name,
      productImages: ordProduct.productImages,
      productPrice: ordProduct.priceCents,
      productShelf: ordProduct.onShelf,
      packageName: ordPackage.name,
      packageImages: ordPackage.packageImages,
      packagePrice: ordPackage.priceCents,
      packageShelf: ordPackage.onShelf,
    })
    .from(ordShopCart)
    .leftJoin(ordProduct, eq(ordProduct.productId, ordShopCart.productId))
    .leftJoin(ordPackage, eq(ordPackage.packageId, ordShopCart.packageId))
    .where(
      and(
        eq(ordShopCart.propertyId, propertyId),
        eq(ordShopCart.userId, userId),
        cartIds ? inArray(ordShopCart.cartId, cartIds) : undefined,
      ),
    )
    .orderBy(asc(ordShopCart.cartId))
  return rows.map(
    (r): CartLine => ({
      cartId: r.cartId,
      isPackage: r.isPackage,
      productId: r.productId,
      packageId: r.packageId,
      num: r.num,
      name: (r.isPackage ? r.packageName : r.productName) ?? '',
      image: ((r.isPackage ? r.packageImages : r.productImages) ?? '').split(',')[0] ?? '',
      priceCents: Number((r.isPackage ? r.packagePrice : r.productPrice) ?? 0),
      onShelf: Boolean(r.isPackage ? r.packageShelf : r.productShelf),
    }),
  )
}

async function oneLine(db: Db, propertyId: number, userId: number, cartId: number): Promise<CartLine> {
  const [line] = await cartLines(db, propertyId, userId, [cartId])
  if (!line) throw notFound('shop.entity.cart')
  return line
}

/** What a line adds must be sold and on the shelf. */
async function assertOnShelf(db: Db, isPackage: boolean, id: number): Promise<void> {
  const [row] = isPackage
    ? await db.select({ onShelf: ordPackage.onShelf }).from(ordPackage).where(eq(ordPackage.packageId, id))
    : await db.select({ onShelf: ordProduct.onShelf }).from(ordProduct).where(eq(ordProduct.productId, id))
  if (!row) throw notFound(isPackage ? 'shop.entity.package' : 'shop.entity.product')
  if (!row.onShelf) throw conflict('shop.offShelf')
}

export function cartRoutes(app: FastifyInstance, db: Db) {
  app.post('/ord/ordShopCart', { config: access('add'), schema: { body: CartAddBody } }, async (request) => {
    const auth = authOf(request)
    const propertyId = requireProperty(auth)
    const body = request.body as Static<typeof CartAddBody>
    const id = body.isPackage ? body.packageId : body.productId
    if (!id) throw badRequest('validation.required', [body.isPackage ? 'packageId' : 'productId'])
    if (body.isPackage ? body.productId : body.packageId)
      throw badRequest('validation.invalid', [body.isPackage ? 'productId' : 'packageId'])
    await assertOnShelf(db, body.isPackage, id)
    const num = body.isPackage ? 1 : (body.num ?? 1)
    const line = body.isPackage ? ordShopCart.packageId : ordShopCart.productId
    const [row] = await db
      .insert(ordShopCart)
      .values({
        propertyId,
        userId: auth.userId,
        isPackage: body.isPackage,
        productId: body.isPackage ? null : id,
        packageId: body.isPackage ? id : null,
        num,
      })
      .onConflictDoUpdate({
        target: [ordShopCart.propertyId, ordShopCart.userId, line],
        targetWhere: isNotNull(line),
        set: { num: sql`${ordShopCart.num} + excluded.num`, updateTime: new Date() },
        setWhere: sql`${ordShopCart.num} + excluded.num <= ${MAX_NUM}`,
      })
      .returning({ cartId: ordShopCart.cartId })
    if (!row) throw badRequest('shop.tooMany', [MAX_NUM])
    return ok(await oneLine(db, propertyId, auth.userId, row.cartId), 'common.addSuccess')
  })

  app.get('/ord/ordShopCart/shopCartList', { config: access('list') }, async (request) => {
    const auth = authOf(request)
    return ok(await cartLines(db, requireProperty(auth), auth.userId))
  })

  app.put('/ord/ordShopCart', { config: access('edit'), schema: { body: CartEditBody } }, async (request) => {
    const auth = authOf(request)
    const propertyId = requireProperty(auth)
    const { cartId, num } = request.body as Static<typeof CartEditBody>
    const [row] = await db
      .update(ordShopCart)
      .set({ num, updateTime: new Date() })
      .where(
        and(
          eq(ordShopCart.cartId, cartId),
          eq(ordShopCart.propertyId, propertyId),
          eq(ordShopCart.userId, auth.userId),
        ),
      )
      .returning({ cartId: ordShopCart.cartId })
    if (!row) throw notFound('shop.entity.cart')
    return ok(await oneLine(db, propertyId, auth.userId, cartId), 'common.editSuccess')
  })

  app.get(
    '/ord/ordShopCart/:id',
    { config: access('query'), schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const { id } = request.params as Static<typeof IdParam>
      return ok(await oneLine(db, requireProperty(auth), auth.userId, id))
    },
  )

  app.delete(
    '/ord/ordShopCart/:ids',
    {
      config: { ...access('remove'), refs: { ...SHOP_REFS, ids: SHOP_REFS.cartId! } },
      schema: { params: IdsParam },
    },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(ordShopCart)
          .where(
            and(
              inArray(ordShopCart.cartId, ids),
              eq(ordShopCart.propertyId, propertyId),
              eq(ordShopCart.userId, auth.userId),
            ),
          )
          .returning({ id: ordShopCart.cartId })
        if (gone.length !== ids.length) throw notFound('shop.entity.cart')
      })
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
