// Shop routes (protocol/src/api/shop.ts): what the platform sells, the property user's cart and shipping addresses,
// and shop orders.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { addressRoutes } from './addresses.ts'
import { cartRoutes } from './cart.ts'
import { shopCatalogueRoutes } from './catalogue.ts'
import { shopOrderRoutes } from './order-routes.ts'

export function shopRoutes(app: FastifyInstance, { db }: ServerContext) {
  shopCatalogueRoutes(app, db)
  cartRoutes(app, db)
  addressRoutes(app, db)
  shopOrderRoutes(app, db)
}
