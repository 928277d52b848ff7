// Routes of guest lock authorisation (lock-auth.ts; protocol/src/api/devices.ts).
import { LockAuthPermission } from '@pms/protocol/api/devices'
import { type Static, Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { authOf } from '../http/guard.ts'
import { ok, page } from '../http/reply.ts'
import { Id, Text } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import {
  grantLockAuth,
  listLockAuths,
  pendingLockAuthTasks,
  renewLockAuths,
  reportLockAuth,
  retryLockAuth,
  revokeLockAuths,
} from './lock-auth.ts'
import { DEVICE_REFS } from './records.ts'

const GrantBody = Type.Object({
  orderRoomId: Id(),
  uid: Text({ minLength: 8, maxLength: 29 }),
  keyKind: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('mobile')])),
})
const StayBody = Type.Object({ orderRoomId: Id() })
const AuthParam = Type.Object({ authId: Id() })
const ReportBody = Type.Object({ ok: Type.Boolean(), reason: Type.Optional(Text({ maxLength: 200 })) })
const OrderBody = Type.Object({ orderId: Id() })
const ListQuery = Type.Object({ orderId: Type.Optional(Id()), orderRoomId: Type.Optional(Id()) })

export function lockAuthRoutes(app: FastifyInstance, db: Db) {
  // A check-out or a room change revokes the keys of the room the stay leaves by the stay's own update (migration 0070).
  const grant = { permission: LockAuthPermission.grant, refs: DEVICE_REFS }
  const property = (request: unknown) => requireProperty(authOf(request as never))

  app.post('/device/dvcLockAuth/grant', { config: grant, schema: { body: GrantBody } }, async (request) =>
    ok(await grantLockAuth(db, property(request), request.body as Static<typeof GrantBody>)),
  )
  app.post('/device/dvcLockAuth/renew', { config: grant, schema: { body: StayBody } }, async (request) =>
    ok(await renewLockAuths(db, property(request), (request.body as Static<typeof StayBody>).orderRoomId)),
  )
  app.post('/device/dvcLockAuth/revoke', { config: grant, schema: { body: StayBody } }, async (request) =>
    ok(await revokeLockAuths(db, property(request), (request.body as Static<typeof StayBody>).orderRoomId)),
  )
  app.post('/device/dvcLockAuth/pending', { config: grant, schema: { body: OrderBody } }, async (request) =>
    ok(await pendingLockAuthTasks(db, property(request), (request.body as Static<typeof OrderBody>).orderId)),
  )
  app.post(
    '/device/dvcLockAuth/retry/:authId',
    { config: grant, schema: { params: AuthParam } },
    async (request) =>
      ok(await retryLockAuth(db, property(request), (request.params as Static<typeof AuthParam>).authId)),
  )
  app.post(
    '/device/dvcLockAuth/report/:authId',
    { config: grant, schema: { params: AuthParam, body: ReportBody } },
    async (request) =>
      ok(
        await reportLockAuth(
          db,
          property(request),
          (request.params as Static<typeof AuthParam>).authId,
          request.body as Static<typeof ReportBody>,
        ),
      ),
  )
  app.get(
    '/device/dvcLockAuth/list',
    { config: { permission: LockAuthPermission.list }, schema: { querystring: ListQuery } },
    async (request) => {
      const rows = await listLockAuths(db, property(request), request.query as Static<typeof ListQuery>)
      return page(rows, rows.length)
    },
  )
}
