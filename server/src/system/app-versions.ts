// App versions (issue 17; SPEC §1 app version and file management, §5 messages): published builds of an app per
// platform, each with an installation package address or an uploaded package; the public latest-version answer
// behind /file/:platform/:appId and the package download. Packages are checked by content (package-files.ts).
import { createReadStream, existsSync } from 'node:fs'
import { join } from 'node:path'
import { APP_PLATFORMS, type LatestAppVersion } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { appVersion } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { PACKAGE_NAME_PATTERN, packageDir, saveUploadedPackage } from './package-files.ts'

const Platform = Type.Union(APP_PLATFORMS.map((p) => Type.Literal(p)))
const AppId = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_.-]*$' })
/** Every field optional in the schema: what is missing gets the §5 message of its own, not a generic one. */
const AppVersionFields = Type.Object({
  platform: Type.Optional(Type.Union([Platform, Type.Literal('')])),
  appId: Type.Optional(AppId),
  versionCode: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_000_000_000 })),
  versionName: Type.Optional(Type.String({ maxLength: 50 })),
  packageName: Type.Optional(Type.String({ maxLength: 200 })),
  downloadUrl: Type.Optional(Type.String({ maxLength: 500, pattern: '^(https?://\\S+)?$' })),
  fileName: Type.Optional(Type.String({ maxLength: 200 })),
  filePath: Type.Optional(Type.String({ maxLength: 100, pattern: `^(${PACKAGE_NAME_PATTERN})?$` })),
  fileSize: Type.Optional(Type.Integer({ minimum: 0 })),
  releaseNotes: Type.Optional(Type.String({ maxLength: 2000 })),
  forceUpdate: Type.Optional(Type.Boolean()),
})

/** SPEC §5: version code, version name, package name, installation package address, app and system platform. */
const REQUIRED: Array<[field: string, message: string]> = [
  ['versionCode', 'appVersion.versionCodeEmpty'],
  ['versionName', 'appVersion.versionNameEmpty'],
  ['packageName', 'appVersion.packageNameEmpty'],
  ['appId', 'appVersion.appEmpty'],
  ['platform', 'appVersion.appEmpty'],
]
const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

export function appVersionRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  const access = (action: string) => ({ permission: `system:appVersion:${action}`, userTypes: [1] })

  app.post('/system/appVersion/upload', { config: access('add') }, async (request) =>
    ok(await saveUploadedPackage(ctx, request)),
  )

  const LatestParams = Type.Object({
    platform: Platform,
    appId: Type.String({ minLength: 1, maxLength: 100 }),
  })
  app.get(
    '/system/appVersion/latest/:platform/:appId',
    { config: { auth: 'public' }, schema: { params: LatestParams } },
    async (request) => {
      const { platform, appId } = request.params as Static<typeof LatestParams>
      const [row] = await db
        .select()
        .from(appVersion)
        .where(and(eq(appVersion.platform, platform), eq(appVersion.appId, appId)))
        .orderBy(desc(appVersion.versionCode))
        .limit(1)
      if (!row) throw notFound('entity.appVersion')
      const { filePath, ...rest } = row
      const latest = {
        ...rest,
        createTime: row.createTime.toISOString(),
        href: filePath ? `/prod-api/system/appVersion/download/${row.versionId}` : row.downloadUrl,
      } as LatestAppVersion
      return ok(latest)
    },
  )

  app.get(
    '/system/appVersion/download/:id',
    { config: { auth: 'public' }, schema: { params: IdParam } },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(appVersion)
        .where(eq(appVersion.versionId, (request.params as Static<typeof IdParam>).id))
      const path = row?.filePath ? join(packageDir(ctx), row.filePath) : ''
      if (!row || !path || !existsSync(path)) throw notFound('entity.file')
      const name = (row.fileName || row.filePath).replace(/[^A-Za-z0-9._-]/g, '_')
      return reply
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .type(name.endsWith('.apk') ? 'application/vnd.android.package-archive' : 'application/octet-stream')
        .send(createReadStream(path))
    },
  )

  defineCrud(app, db, {
    base: '/system/appVersion',
    table: appVersion,
    id: { column: appVersion.versionId, name: 'versionId' },
    entity: 'entity.appVersion',
    permission: 'system:appVersion',
    userTypes: [1],
    fields: AppVersionFields,
    filters: {
      platform: { column: appVersion.platform, match: 'eq' },
      appId: { column: appVersion.appId, match: 'like' },
      versionName: { column: appVersion.versionName, match: 'like' },
    },
    orderBy: { column: appVersion.createTime, direction: 'desc' },
    prepare: async (fields, { db, isNew, id }) => {
      let merged = fields
      if (!isNew) {
        const [current] = await db.select().from(appVersion).where(eq(appVersion.versionId, id!))
        if (!current) throw notFound('entity.appVersion')
        merged = {
          ...current,
          ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        }
      }
      for (const [field, message] of REQUIRED) if (empty(merged[field])) throw badRequest(message)
      if (empty(merged.downloadUrl) && empty(merged.filePath)) throw badRequest('appVersion.addressEmpty')
      if (!empty(merged.filePath) && !existsSync(join(packageDir(ctx), String(merged.filePath))))
        throw badRequest('appVersion.fileUnknown')
      const [taken] = await db
        .select({ id: appVersion.versionId })
        .from(appVersion)
        .where(
          and(
            eq(appVersion.platform, String(merged.platform)),
            eq(appVersion.appId, String(merged.appId)),
            eq(appVersion.versionCode, Number(merged.versionCode)),
          ),
        )
      if (taken && taken.id !== id) throw badRequest('appVersion.codeTaken', [merged.versionCode])
      return { ...fields, updateTime: new Date() }
    },
  })
}
