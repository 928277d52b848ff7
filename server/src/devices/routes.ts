// Device routes (protocol/src/api/devices.ts): the platform's catalogue; the property's devices, their binding and
// lock sync; guest lock authorisation.
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { bindingRoutes } from './binding.ts'
import { catalogueRoutes } from './catalogue.ts'
import { deviceCrudRoutes } from './devices.ts'
import { lockAuthRoutes } from './lock-auth-routes.ts'
import { lockSyncRoutes } from './lock-sync.ts'
import { portAccessRoutes } from './port-access.ts'
import { qrcodeRoutes } from './qrcode.ts'

export function deviceRoutes(app: FastifyInstance, { db }: ServerContext) {
  catalogueRoutes(app, db)
  deviceCrudRoutes(app, db)
  bindingRoutes(app, db)
  lockSyncRoutes(app, db)
  lockAuthRoutes(app, db)
  qrcodeRoutes(app, db)
  portAccessRoutes(app)
}
