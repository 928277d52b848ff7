// The property's shipping addresses (SPEC §7 /ord/ordShipAddress): province, city and area from the region tree of
// the address picker, joined into `remark`, and `remark` with the street line into `address`. One default address per
// property; the first address saved is the default.
import { UserType } from '@pms/protocol'
import { type ShipAddress, ShopPermission } from '@pms/protocol/api/shop'
import { fillAddressNames, regionFullName } from '@pms/protocol/geo/regions'
import type { Static } from '@sinclair/typebox'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { ordShipAddress } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam, IdsParam, parseIds } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { regionTable } from '../regions/table.ts'
import { SHOP_REFS } from './records.ts'
import { AddressEditBody, AddressFields } from './schemas.ts'

const STAFF = [UserType.registered]
const access = (action: string) => ({
  permission: `${ShopPermission.address}:${action}`,
  userTypes: STAFF,
  refs: SHOP_REFS,
})

type Row = typeof ordShipAddress.$inferSelect

export function presentAddress(row: Row): ShipAddress {
  const { propertyId: _p, createTime: _c, updateTime: _u, ...rest } = row
  return rest
}

/** The region names of three codes joined ('广东省深圳市南山区'), or a 400 naming the first code that is not in the tree
 * or not under the one above it. */
export function regionRemark(codes: { provinceCode: string; cityCode: string; areaCode: string }): string {
  const { index } = regionTable()
  const { invalid } = fillAddressNames(index, {
    provinceCode: codes.provinceCode,
    cityCode: codes.cityCode,
    countyCode: codes.areaCode,
  })
  if (invalid) throw badRequest('region.unknownCode', [invalid === 'countyCode' ? 'areaCode' : invalid])
  return regionFullName(index, codes.areaCode)
}

async function one(db: Db, propertyId: number, addressId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(ordShipAddress)
    .where(and(eq(ordShipAddress.addressId, addressId), eq(ordShipAddress.propertyId, propertyId)))
  if (!row) throw notFound('shop.entity.address')
  return row
}

export function addressRoutes(app: FastifyInstance, db: Db) {
  app.get('/ord/ordShipAddress/listAll', { config: access('list') }, async (request) => {
    const propertyId = requireProperty(authOf(request))
    const rows = await db
      .select()
      .from(ordShipAddress)
      .where(eq(ordShipAddress.propertyId, propertyId))
      .orderBy(desc(ordShipAddress.isDefault), asc(ordShipAddress.addressId))
    return ok(rows.map(presentAddress))
  })

  app.get(
    '/ord/ordShipAddress/:id',
    { config: access('query'), schema: { params: IdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      return ok(presentAddress(await one(db, propertyId, (request.params as Static<typeof IdParam>).id)))
    },
  )

  app.post(
    '/ord/ordShipAddress',
    { config: access('add'), schema: { body: AddressFields } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as Static<typeof AddressFields>
      const fields = normalise(body)
      const row = await db.transaction(async (tx) => {
        const [first] = await tx
          .select({ id: ordShipAddress.addressId })
          .from(ordShipAddress)
          .where(eq(ordShipAddress.propertyId, propertyId))
          .limit(1)
        const isDefault = body.isDefault === true || !first
        if (isDefault)
          await tx
            .update(ordShipAddress)
            .set({ isDefault: false })
            .where(eq(ordShipAddress.propertyId, propertyId))
        const [made] = await tx
          .insert(ordShipAddress)
          .values({ ...fields, propertyId, isDefault })
          .returning()
        return made!
      })
      return ok(presentAddress(row), 'common.addSuccess')
    },
  )

  app.put(
    '/ord/ordShipAddress',
    { config: access('edit'), schema: { body: AddressEditBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as Static<typeof AddressEditBody>
      const existing = await one(db, propertyId, body.addressId)
      const merged = {
        consignee: body.consignee ?? existing.consignee,
        phone: body.phone ?? existing.phone,
        provinceCode: body.provinceCode ?? existing.provinceCode,
        cityCode: body.cityCode ?? existing.cityCode,
        areaCode: body.areaCode ?? existing.areaCode,
        street: body.street ?? existing.street,
      }
      const fields = normalise(merged)
      const row = await db.transaction(async (tx) => {
        if (body.isDefault === true)
          await tx
            .update(ordShipAddress)
            .set({ isDefault: false })
            .where(
              and(eq(ordShipAddress.propertyId, propertyId), ne(ordShipAddress.addressId, body.addressId)),
            )
        const [saved] = await tx
          .update(ordShipAddress)
          .set({
            ...fields,
            // The default moves by naming another one, never by switching this one off.
            ...(body.isDefault === true ? { isDefault: true } : {}),
            updateTime: new Date(),
          })
          .where(eq(ordShipAddress.addressId, body.addressId))
          .returning()
        return saved!
      })
      return ok(presentAddress(row), 'common.editSuccess')
    },
  )

  app.delete(
    '/ord/ordShipAddress/:ids',
    {
      config: { ...access('remove'), refs: { ...SHOP_REFS, ids: SHOP_REFS.addressId! } },
      schema: { params: IdsParam },
    },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(ordShipAddress)
          .where(and(inArray(ordShipAddress.addressId, ids), eq(ordShipAddress.propertyId, propertyId)))
          .returning({ isDefault: ordShipAddress.isDefault })
        if (gone.length !== ids.length) throw notFound('shop.entity.address')
        // The default went: the oldest address left takes its place.
        if (gone.some((g) => g.isDefault)) {
          const [next] = await tx
            .select({ id: ordShipAddress.addressId })
            .from(ordShipAddress)
            .where(eq(ordShipAddress.propertyId, propertyId))
            .orderBy(asc(ordShipAddress.addressId))
            .limit(1)
          if (next)
            await tx
              .update(ordShipAddress)
              .set({ isDefault: true })
              .where(eq(ordShipAddress.addressId, next.id))
        }
      })
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}

/** Trimmed fields with the joined remark and address (SPEC §7). */
function normalise(body: {
  consignee: string
  phone: string
  provinceCode: string
  cityCode: string
  areaCode: string
  street: string
}) {
  const consignee = body.consignee.trim()
  const phone = body.phone.trim()
  const street = body.street.trim()
  if (!consignee) throw badRequest('validation.required', ['consignee'])
  if (!/^[0-9+\-() ]{5,20}$/.test(phone)) throw badRequest('validation.invalid', ['phone'])
  if (!street) throw badRequest('validation.required', ['street'])
  const remark = regionRemark(body)
  return {
    consignee,
    phone,
    provinceCode: body.provinceCode,
    cityCode: body.cityCode,
    areaCode: body.areaCode,
    street,
    remark,
    address: `${remark}${street}`,
  }
}
