// General file management (issue 17, SPEC §1): GET /system/sysFile/list, POST /system/sysFile/upload,
// POST /system/sysFile/download/:fileId (SPEC §7: downloads are POSTs answering the file), DELETE /system/sysFile/:ids.
// A file belongs to a property (0: the platform). Uploads are judged by content (file-kinds.ts), stored under
// <dataDir>/uploads/files with a random name and served only as attachments to those allowed to read them.
import { randomBytes } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync } from 'node:fs'
import { unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { hasPermission, UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthContext } from '../auth/auth-context.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { agentUser, property, sysFile, user } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import type { PropertyRecord } from '../http/property-records.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Id, IdsParam, PageQuery, parseIds } from '../http/schemas.ts'
import { propertyScope } from '../http/tenancy.ts'
import { fileKind, IMAGE_CONTENT } from './file-kinds.ts'
import { readUploadFile } from './uploads.ts'

export const FilePermission = {
  list: 'system:sysFile:list',
  query: 'system:sysFile:query',
  add: 'system:sysFile:add',
  remove: 'system:sysFile:remove',
} as const
export const FILE_MAX_BYTES = 10 * 1024 * 1024
export const FileCategory = {
  document: 'document',
  image: 'image',
  licence: 'licence',
  /** An agent's licence (agency qualification): read by its agent's users and the platform's reviewers. */
  agencyLicence: 'agencyLicence',
} as const
export type FileCategory = (typeof FileCategory)[keyof typeof FileCategory]
/** Where a stored file is fetched from (the console posts to it with its token). */
export const downloadPath = (fileId: number) => `/system/sysFile/download/${fileId}`

const BASE = '/system/sysFile'
const fileRecord: PropertyRecord = {
  entity: 'entity.file',
  table: sysFile,
  id: sysFile.fileId,
  owner: sysFile.propertyId,
}
const storage = (ctx: ServerContext) => join(ctx.config.dataDir, 'uploads', 'files')

const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    fileName: Type.Optional(Type.String({ maxLength: 100 })),
    category: Type.Optional(
      Type.Union([...Object.values(FileCategory).map((c) => Type.Literal(c)), Type.Literal('')]),
    ),
    propertyId: Type.Optional(Type.Union([Id(), Type.Literal(0)])),
  }),
])
const UploadQuery = Type.Object({
  private: Type.Optional(Type.Boolean()),
  propertyId: Type.Optional(Id()),
})
const FileParam = Type.Object({ fileId: Id() })

export type FileRow = typeof sysFile.$inferSelect

/**
 * Reads the one file of a multipart request (field `file`), judges it by content, stores it and records it. `imagesOnly`
 * refuses anything but an image with the §5 avatar/image message.
 */
export async function saveFile(
  ctx: ServerContext,
  request: FastifyRequest,
  what: {
    propertyId: number
    ownerId: number
    private: boolean
    category?: FileCategory
    imagesOnly?: boolean
  },
): Promise<FileRow> {
  const { filename, bytes } = await readUploadFile(request, 'file', FILE_MAX_BYTES, () =>
    badRequest('upload.tooLarge', [FILE_MAX_BYTES / 1024 / 1024]),
  )
  const kind = fileKind(bytes, filename, what.imagesOnly)
  mkdirSync(storage(ctx), { recursive: true })
  const storedName = `${randomBytes(12).toString('hex')}.${kind.ext}`
  await writeFile(join(storage(ctx), storedName), bytes)
  const [row] = await ctx.db
    .insert(sysFile)
    .values({
      propertyId: what.propertyId,
      ownerId: what.ownerId,
      category:
        what.category ?? (IMAGE_CONTENT.test(kind.contentType) ? FileCategory.image : FileCategory.document),
      fileName: filename.slice(0, 200) || storedName,
      storedName,
      contentType: kind.contentType,
      fileSize: bytes.length,
      private: what.private,
    })
    .returning()
  return row!
}

/**
 * Who may read a file: its owner; otherwise a platform user, or staff acting in the file's property — and for a private
 * file only with the files permission (a licence also to the platform's qualification reviewers). Anyone else is told
 * it does not exist.
 */
export function mayRead(auth: AuthContext, row: FileRow): boolean {
  if (row.ownerId === auth.userId) return true
  const inside =
    auth.userType === UserType.platform || (row.propertyId !== 0 && row.propertyId === auth.propertyId)
  if (!inside) return false
  if (!row.private) return true
  const needed: string[] = [FilePermission.query]
  if (row.category === FileCategory.licence && auth.userType === UserType.platform)
    needed.push('system:sysCustomQualification:list')
  if (row.category === FileCategory.agencyLicence && auth.userType === UserType.platform)
    needed.push(AGENCY_LIST_PERMISSION)
  return hasPermission(auth, needed, () => {})
}

/** Permission of the agency qualification list (server/src/agents/menus.ts), named here to keep files free of cycles. */
const AGENCY_LIST_PERMISSION = 'pms:pmsAgentQualification:list'

/** mayRead, and an agent's licence also to the other users of the agent whose user uploaded it. */
export async function mayReadFile(db: Db, auth: AuthContext, row: FileRow): Promise<boolean> {
  if (mayRead(auth, row)) return true
  if (row.category !== FileCategory.agencyLicence || auth.userType !== UserType.registered) return false
  if (!hasPermission(auth, [AGENCY_LIST_PERMISSION], () => {})) return false
  const rows = await db
    .select({ agentId: agentUser.agentId })
    .from(agentUser)
    .where(inArray(agentUser.userId, [row.ownerId, auth.userId]))
  return rows.length === 2 && rows[0]!.agentId === rows[1]!.agentId
}

/** The file id a download path names (a qualification's licence), or undefined. */
export function fileIdOfPath(path: string): number | undefined {
  const match = /^\/system\/sysFile\/download\/(\d{1,15})$/.exec(path)
  return match ? Number(match[1]) : undefined
}

/** The stored file a download path names, when it exists. */
export async function fileOfPath(db: Db, path: string): Promise<FileRow | undefined> {
  const fileId = fileIdOfPath(path)
  if (fileId === undefined) return undefined
  const [row] = await db.select().from(sysFile).where(eq(sysFile.fileId, fileId))
  return row
}

function present(row: FileRow & { ownerName?: string | null; propertyName?: string | null }) {
  const { storedName: _stored, ...rest } = row
  return { ...rest, createTime: row.createTime.toISOString(), path: downloadPath(row.fileId) }
}

export function sysFileRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  app.get(
    `${BASE}/list`,
    { config: { permission: FilePermission.list }, schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Static<typeof ListQuery>
      const auth = authOf(request)
      const conditions: SQL[] = []
      // Staff see their property's files; the platform all, or one property's (0: the platform's own).
      if (auth.userType === UserType.platform) {
        if (query.propertyId !== undefined) conditions.push(eq(sysFile.propertyId, query.propertyId))
      } else conditions.push(eq(sysFile.propertyId, propertyScope(auth, query.propertyId || undefined)!))
      if (query.category) conditions.push(eq(sysFile.category, query.category))
      const name = query.fileName?.trim()
      if (name) conditions.push(ilike(sysFile.fileName, `%${escapeLike(name)}%`))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db
          .select({ row: sysFile, ownerName: user.userName, propertyName: property.propertyName })
          .from(sysFile)
          .leftJoin(user, eq(user.userId, sysFile.ownerId))
          .leftJoin(property, eq(property.propertyId, sysFile.propertyId))
          .where(where)
          .orderBy(desc(sysFile.fileId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(sysFile).where(where),
      ])
      return page(
        rows.map((r) => present({ ...r.row, ownerName: r.ownerName, propertyName: r.propertyName })),
        Number(totals[0]?.total ?? 0),
      )
    },
  )

  app.post(
    `${BASE}/upload`,
    { config: { permission: FilePermission.add }, schema: { querystring: UploadQuery } },
    async (request) => {
      const auth = authOf(request)
      const query = request.query as Static<typeof UploadQuery>
      const propertyId = propertyScope(auth, query.propertyId) ?? 0
      if (propertyId && auth.userType === UserType.platform) {
        const [known] = await db
          .select({ id: property.propertyId })
          .from(property)
          .where(and(eq(property.propertyId, propertyId), eq(property.delFlag, false)))
        if (!known) throw notFound('entity.property')
      }
      const row = await saveFile(ctx, request, {
        propertyId,
        ownerId: auth.userId,
        private: query.private ?? true,
      })
      return ok(present(row), 'common.success')
    },
  )

  // Who may read is decided per file by mayRead (an applicant's licence belongs to no property yet), not by the
  // property reference check.
  app.post(
    `${BASE}/download/:fileId`,
    { config: { refs: { fileId: false } }, schema: { params: FileParam } },
    async (request, reply) => {
      const auth = authOf(request)
      const [row] = await db
        .select()
        .from(sysFile)
        .where(eq(sysFile.fileId, (request.params as Static<typeof FileParam>).fileId))
      const path = row && join(storage(ctx), row.storedName)
      if (!row || !(await mayReadFile(db, auth, row)) || !existsSync(path!)) throw notFound('entity.file')
      return reply
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type(row.contentType)
        .send(createReadStream(path!))
    },
  )

  app.delete(
    `${BASE}/:ids`,
    {
      config: { permission: FilePermission.remove, refs: { ids: fileRecord } },
      schema: { params: IdsParam },
    },
    async (request) => {
      const auth = authOf(request)
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      const rows = await db.select().from(sysFile).where(inArray(sysFile.fileId, ids))
      const visible = rows.filter(
        (r) =>
          auth.userType === UserType.platform || (r.propertyId !== 0 && r.propertyId === auth.propertyId),
      )
      if (visible.length !== ids.length) throw notFound('entity.file')
      await db.delete(sysFile).where(inArray(sysFile.fileId, ids))
      // The rows are gone either way; a file already missing on disk is not an error.
      for (const row of rows) await unlink(join(storage(ctx), row.storedName)).catch(() => {})
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
