// The business API as one Fastify plugin: the bridge mounts it under /prod-api, `npm run server` does the same.
import { createRequire } from 'node:module'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { agencyRoutes } from './agents/agency-routes.ts'
import { agentUserRoutes } from './agents/agent-users.ts'
import { agentRoutes } from './agents/routes.ts'
import { areaRoutes } from './areas/routes.ts'
import { codeRoutes } from './auth/routes-code.ts'
import { passwordRoutes } from './auth/routes-password.ts'
import { qrRoutes } from './auth/routes-qr.ts'
import { sessionRoutes } from './auth/routes-session.ts'
import { billingRoutes } from './billing/routes.ts'
import { cardRoutes } from './cards/routes.ts'
import type { ServerContext } from './context.ts'
import { deviceRoutes } from './devices/routes.ts'
import { financeRoutes } from './finance/routes.ts'
import { genRoutes } from './gen/routes.ts'
import { installErrorHandling } from './http/error-handler.ts'
import { type DeclaredRoute, installGuard } from './http/guard.ts'
import { localize, requestLanguage } from './http/language.ts'
import { installOpenApi, openApiRoutes } from './http/open-api.ts'
import { installReferenceCheck } from './http/references.ts'
import { VERBATIM_MSG } from './http/reply.ts'
import { installValidation } from './http/validation.ts'
import { memberRoutes } from './members/routes.ts'
import { nightAuditRoutes } from './night-audit/routes.ts'
import { pushRecordRoutes } from './notifications/routes.ts'
import { frontDeskRoutes } from './orders/routes.ts'
import { propertyRoutes } from './properties/routes.ts'
import { qualificationRoutes } from './qualification/routes.ts'
import { regionRoutes } from './regions/routes.ts'
import { reportRoutes } from './reports/routes.ts'
import { roomStockRoutes } from './room-stock/routes.ts'
import { shiftRoutes } from './shifts/routes.ts'
import { shopRoutes } from './shop/routes.ts'
import { systemRoutes } from './system/routes.ts'

const SERVER_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version

/** Business areas, each a function that declares its routes. Add an area here. */
const areas: Array<(app: FastifyInstance, ctx: ServerContext) => void> = [
  passwordRoutes,
  codeRoutes,
  qrRoutes,
  sessionRoutes,
  systemRoutes,
  propertyRoutes,
  pushRecordRoutes,
  cardRoutes,
  areaRoutes,
  roomStockRoutes,
  billingRoutes,
  frontDeskRoutes,
  regionRoutes,
  qualificationRoutes,
  financeRoutes,
  memberRoutes,
  nightAuditRoutes,
  reportRoutes,
  shiftRoutes,
  deviceRoutes,
  shopRoutes,
  (app, ctx) => agentRoutes(app, ctx.db),
  genRoutes,
  (app, ctx) => agentUserRoutes(app, ctx.db),
  agencyRoutes,
]

export function createApiPlugin(ctx: ServerContext, declared: DeclaredRoute[] = []): FastifyPluginAsync {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } })
    await installOpenApi(app, SERVER_VERSION)
    installErrorHandling(app)
    installValidation(app)
    installGuard(app, ctx, declared)
    installReferenceCheck(app, ctx.db)
    // Every envelope's `msg` is written as a language-pack key; translate it for this request.
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (
        payload &&
        typeof payload === 'object' &&
        !(VERBATIM_MSG in payload) &&
        typeof (payload as { msg?: unknown }).msg === 'string'
      ) {
        const body = payload as { msg: string }
        return { ...body, msg: localize(requestLanguage(request), body.msg) }
      }
      return payload
    })
    for (const area of areas) area(app, ctx)
    openApiRoutes(app)
  }
}
