// The key-card area: card-key configuration, issuing grants, card records, the places a card can be tied to.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { cardApplyRoutes } from './apply-routes.ts'
import { cardIssueRoutes } from './issue-routes.ts'
import { cardKeyRoutes } from './key-routes.ts'
import { cardRecordRoutes } from './record-routes.ts'
import { cardScopeRoutes } from './scope-routes.ts'

export function cardRoutes(app: FastifyInstance, ctx: ServerContext) {
  cardKeyRoutes(app, ctx)
  cardIssueRoutes(app, ctx)
  cardRecordRoutes(app, ctx)
  cardScopeRoutes(app, ctx)
  cardApplyRoutes(app, ctx)
}
