// Uploaded images kept under <dataDir>/uploads, checked by their first bytes (not by the name a client claims),
// and served back with long caching under /files/{folder}/{name}.
import { randomBytes } from 'node:crypto'
import { createReadStream, existsSync, mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest, notFound } from '../http/errors.ts'

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
  },
]
// Public images only: a qualification licence is a private file (files.ts), never served from here.
const FOLDERS = ['avatar', 'property', 'room'] as const
export type UploadFolder = (typeof FOLDERS)[number]

/**
 * The one file of a multipart request, its name and its bytes; a body cut short or with broken part headers is a 400
 * (`upload.malformed`), a file over `maxBytes` a 400 with `tooLarge`.
 */
export async function readUploadFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badRequest('upload.notMultipart')
  const file = await request.file().catch(() => {
    throw badRequest('upload.malformed')
  })
  if (!file || file.fieldname !== field) throw badRequest('validation.required', [field])
  const bytes = await file.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : badRequest('upload.malformed')
  })
  if (bytes.length > maxBytes || file.file.truncated) throw tooLarge()
  return { filename: file.filename ?? '', bytes }
}

/** The bytes of the one file of a multipart request (readUploadFile without the name). */
export async function readUpload(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return (await readUploadFile(request, field, maxBytes, tooLarge)).bytes
}

/** Reads the one file of a multipart request, refuses what is not an image, stores it, returns its public path. */
export async function saveImage(
  ctx: ServerContext,
  request: FastifyRequest,
  folder: UploadFolder,
  field: string,
): Promise<string> {
  const bytes = await readUpload(request, field, IMAGE_MAX_BYTES, () =>
    badRequest('upload.tooLarge', [IMAGE_MAX_BYTES / 1024 / 1024]),
  )
  const kind = SIGNATURES.find((s) => s.test(bytes))
  if (!kind) throw badRequest('upload.notImage')
  const dir = join(ctx.config.dataDir, 'uploads', folder)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(12).toString('hex')}.${kind.ext}`
  await writeFile(join(dir, name), bytes)
  return `/files/${folder}/${name}`
}

export function fileRoutes(app: FastifyInstance, ctx: ServerContext) {
  const Params = Type.Object({
    folder: Type.Union(FOLDERS.map((f) => Type.Literal(f))),
    name: Type.String({ pattern: '^[0-9a-f]{24}\\.(png|jpg|gif|webp)$' }),
  })
  app.get(
    '/files/:folder/:name',
    { config: { auth: 'public' }, schema: { params: Params } },
    async (request, reply) => {
      const { folder, name } = request.params as { folder: string; name: string }
      const path = join(ctx.config.dataDir, 'uploads', folder, name)
      if (!existsSync(path)) throw notFound('entity.file')
      const type = SIGNATURES.find((s) => name.endsWith(`.${s.ext}`))!.type
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type(type)
        .send(createReadStream(path))
    },
  )
}
