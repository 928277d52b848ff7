// Areas of a property (SPEC §2.7, §3, §7): list, get, add, edit and delete, scoped to the current property.
// The list answers only with pms:pmsArea:list; edit and delete need pms:pmsArea:edit and pms:pmsArea:remove.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { area } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { AreaFields } from './schemas.ts'

export function areaRoutes(app: FastifyInstance, { db }: ServerContext) {
  defineCrud(app, db, {
    base: '/pms/pmsArea',
    table: area,
    id: { column: area.areaId, name: 'areaId' },
    entity: 'entity.area',
    permission: 'pms:pmsArea',
    fields: AreaFields,
    filters: {
      areaType: { column: area.areaType, match: 'eq' },
      areaName: { column: area.areaName, match: 'like' },
    },
    propertyColumn: area.propertyId,
  })
}
