// Property photos (SPEC §3 fileList): uploaded as images into the 'property' folder, recorded in pms_file, removed
// with DELETE /pms/pmsFile/{ids} (row and stored file).
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { PropertyPermission as P, PROPERTY_PHOTO_MAX } from '@pms/protocol/api/properties'
import type { Static } from '@sinclair/typebox'
import { count, eq, inArray, max } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { propertyFile } from '../db/schema/index.ts'
import { conflict, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { Records } from '../http/property-records.ts'
import { ok } from '../http/reply.ts'
import { parseIds } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { saveImage } from '../system/uploads.ts'
import { accessProperty } from './access.ts'
import { presentFile } from './present.ts'
import { IdsParam, UploadQuery } from './schemas.ts'

const STORED = /^\/files\/property\/([0-9a-f]{24}\.(png|jpg|gif|webp))$/

export function propertyPhotoRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  /** Multipart field `file`; `propertyId` in the query (a property user's default: its current property). */
  app.post(
    '/pms/pmsProperty/upload',
    { config: { permission: P.edit }, schema: { querystring: UploadQuery } },
    async (request) => {
      const auth = authOf(request)
      const query = request.query as Static<typeof UploadQuery>
      const propertyId = query.propertyId ?? requireProperty(auth)
      await accessProperty(db, auth, propertyId, P.edit)
      const [held] = await db
        .select({ n: count(), last: max(propertyFile.sort) })
        .from(propertyFile)
        .where(eq(propertyFile.propertyId, propertyId))
      if (Number(held?.n ?? 0) >= PROPERTY_PHOTO_MAX)
        throw conflict('property.tooManyPhotos', [PROPERTY_PHOTO_MAX])
      const filePath = await saveImage(ctx, request, 'property', 'file')
      const [row] = await db
        .insert(propertyFile)
        .values({ propertyId, filePath, sort: Number(held?.last ?? 0) + 1 })
        .returning()
      return ok(presentFile(row!), 'common.success')
    },
  )

  app.delete(
    '/pms/pmsFile/:ids',
    { config: { permission: P.edit, refs: { ids: Records.file } }, schema: { params: IdsParam } },
    async (request) => {
      const auth = authOf(request)
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      const rows = await db.select().from(propertyFile).where(inArray(propertyFile.fileId, ids))
      if (rows.length !== ids.length) throw notFound('entity.file')
      for (const propertyId of new Set(rows.map((r) => r.propertyId)))
        await accessProperty(db, auth, propertyId, P.edit)
      await db.delete(propertyFile).where(inArray(propertyFile.fileId, ids))
      for (const row of rows) {
        const name = STORED.exec(row.filePath)?.[1]
        // The row is gone either way; a file already missing on disk is not an error.
        if (name) await unlink(join(ctx.config.dataDir, 'uploads', 'property', name)).catch(() => {})
      }
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
