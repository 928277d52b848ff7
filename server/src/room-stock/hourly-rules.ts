// Hourly rules (SPEC §3, §4): name, status (enabled or disabled), starting fee and overtime charge in integer cents.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { hourlyRule } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { RoomStockPermission } from './menus.ts'
import { HourlyRuleFields } from './schemas.ts'

export function hourlyRuleRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsHourlyRule',
    table: hourlyRule,
    id: { column: hourlyRule.ruleId, name: 'ruleId' },
    entity: 'entity.hourlyRule',
    permission: RoomStockPermission.hourlyRule,
    fields: HourlyRuleFields,
    filters: {
      ruleName: { column: hourlyRule.ruleName, match: 'like' },
      status: { column: hourlyRule.status, match: 'eq' },
    },
    propertyColumn: hourlyRule.propertyId,
  })
}
