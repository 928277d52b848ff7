// Property administration (SPEC §3, §4, §5, §7): lists and reads, writes, authorisation, configuration, photos,
// API secret keys and custom params. Tenancy rules are in access.ts.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { authorisationRoutes } from './authorisation.ts'
import { propertyConfigRoutes } from './config-routes.ts'
import { customParamsRoutes } from './custom-params.ts'
import { propertyListRoutes } from './lists.ts'
import { propertyPhotoRoutes } from './photos.ts'
import { secretKeyRoutes } from './secret-keys.ts'
import { propertyWriteRoutes } from './writes.ts'

export { displayCode, PROPERTY_CODE_PREFIX } from './present.ts'

export function propertyRoutes(app: FastifyInstance, ctx: ServerContext) {
  propertyListRoutes(app, ctx.db)
  propertyWriteRoutes(app, ctx)
  authorisationRoutes(app, ctx.db)
  propertyConfigRoutes(app, ctx.db)
  propertyPhotoRoutes(app, ctx)
  secretKeyRoutes(app, ctx.db)
  customParamsRoutes(app, ctx.db)
}
