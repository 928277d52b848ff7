// The property's charge items (minibar, laundry, breakfast, damages…): plain CRUD for the property admin, and the
// items in force offered in the folio's charge dialog beside the room type's cost items.
import type { ChargeItem } from '@pms/protocol/api/billing'
import { CHARGE_ITEM_PERMISSION, FolioPermission } from '@pms/protocol/api/billing'
import { Type } from '@sinclair/typebox'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { chargeItem } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'

/** A code of the property's chart of accounts: 4 digits, then 2 per level (finance area, f_subject). */
export const SUBJECT_CODE_PATTERN = '^[0-9]{4}([0-9]{2}){0,5}$'

export const ChargeItemFields = Type.Object(
  {
    itemName: Type.String({ minLength: 1, maxLength: 50 }),
    priceCents: Type.Integer({ minimum: 0, maximum: 10_000_000_000 }),
    subjectCode: Type.String({ pattern: SUBJECT_CODE_PATTERN, maxLength: 20 }),
    status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
    remark: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
)

export function present(row: typeof chargeItem.$inferSelect): ChargeItem {
  return {
    chargeItemId: row.chargeItemId,
    propertyId: row.propertyId,
    itemName: row.itemName,
    priceCents: row.priceCents,
    subjectCode: row.subjectCode,
    status: row.status as ChargeItem['status'],
    sort: row.sort,
    remark: row.remark,
  }
}

/** A charge item of the property, in force; 404 when it is another property's, 400 when disabled. */
export async function chargeItemInForce(tx: Db, propertyId: number, chargeItemId: number) {
  const [row] = await tx
    .select()
    .from(chargeItem)
    .where(and(eq(chargeItem.chargeItemId, chargeItemId), eq(chargeItem.propertyId, propertyId)))
  if (!row) throw notFound('chargeItem.entity')
  if (row.status !== '0') throw badRequest('chargeItem.disabled', [row.itemName])
  return row
}

export function chargeItemRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsChargeItem',
    table: chargeItem,
    id: { column: chargeItem.chargeItemId, name: 'chargeItemId' },
    entity: 'chargeItem.entity',
    permission: CHARGE_ITEM_PERMISSION,
    fields: ChargeItemFields,
    filters: {
      itemName: { column: chargeItem.itemName, match: 'like' },
      status: { column: chargeItem.status, match: 'eq' },
    },
    orderBy: { column: chargeItem.sort },
    propertyColumn: chargeItem.propertyId,
    present: (row) => present(row as typeof chargeItem.$inferSelect),
    prepare: (fields) => {
      if (typeof fields.itemName !== 'string') return fields
      const itemName = fields.itemName.trim()
      if (!itemName) throw badRequest('validation.required', ['itemName'])
      return { ...fields, itemName }
    },
  })

  app.get(
    '/pms/pmsFolio/chargeItems',
    { config: { permission: FolioPermission.charge } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const rows = await db
        .select()
        .from(chargeItem)
        .where(and(eq(chargeItem.propertyId, propertyId), eq(chargeItem.status, '0')))
        .orderBy(asc(chargeItem.sort), asc(chargeItem.chargeItemId))
      return ok(rows.map(present))
    },
  )
}
