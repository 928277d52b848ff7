// The front desk: reservations, orders and stays, guests (SPEC §3 Order, §4 Order/Reserve/Room, §5, §8).
// Model and routes: protocol/src/api/orders.ts; transitions: protocol/src/orders/state-machine.ts; tables: migrations/0007_front_desk.sql.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { guestRoutes } from './guest-routes.ts'
import { orderRoutes } from './order-routes.ts'
import { reserveRoutes } from './reserve-routes.ts'
import { todayRoutes } from './today.ts'

export function frontDeskRoutes(app: FastifyInstance, ctx: ServerContext) {
  reserveRoutes(app, ctx)
  orderRoutes(app, ctx)
  guestRoutes(app, ctx)
  todayRoutes(app, ctx)
}
