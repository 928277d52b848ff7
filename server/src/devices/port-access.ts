// GET /device/dvcDevice/portAccess: the bridge asks, before it saves or tests a port setting (SPEC §2.9), whether the
// console's session may change the desk's devices in its current property (the property admin and the technician; the
// clerk may not). The settings themselves live in the bridge's configuration file, not here.
import { DevicePermission } from '@pms/protocol/api/devices'
import type { FastifyInstance } from 'fastify'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'

export function portAccessRoutes(app: FastifyInstance) {
  app.get(
    '/device/dvcDevice/portAccess',
    { config: { permission: DevicePermission.port, userTypes: [2] } },
    async (request) => {
      const auth = authOf(request)
      return ok({ userId: auth.userId, propertyId: requireProperty(auth) })
    },
  )
}
