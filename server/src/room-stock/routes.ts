// The room stock of the current property: parks, buildings, units, floors, rooms, room types, room attributes,
// building groups and hourly rules (SPEC §1, §3, §7), bulk room creation and the room status chart.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { buildingGroupRoutes } from './building-groups.ts'
import { bulkRoutes } from './bulk.ts'
import { hourlyRuleRoutes } from './hourly-rules.ts'
import { placeRoutes } from './places.ts'
import { roomTypeRoutes } from './room-types.ts'
import { roomRoutes } from './rooms.ts'
import { statusChartRoutes } from './status-chart.ts'

export function roomStockRoutes(app: FastifyInstance, ctx: ServerContext) {
  placeRoutes(app, ctx.db)
  roomTypeRoutes(app, ctx)
  bulkRoutes(app, ctx.db)
  statusChartRoutes(app, ctx)
  roomRoutes(app, ctx.db)
  buildingGroupRoutes(app, ctx.db)
  hourlyRuleRoutes(app, ctx.db)
}
