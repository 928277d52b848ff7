// Uploaded installation packages, checked by content and not by the name a client claims: the bytes must be of a
// package family (zip-based, Windows executable or installer, ELF, gzip, deb) and the name's extension must belong
// to that family — a PNG renamed .exe and an executable renamed .png are both refused. Stored under
// <dataDir>/uploads/app with a random name, outside the web root; served only as an attachment.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'

/** The multipart limit of the app (app.ts) caps a package too. */
export const PACKAGE_MAX_BYTES = 10 * 1024 * 1024
export const PACKAGE_NAME_PATTERN = '[0-9a-f]{24}\\.(apk|ipa|zip|appx|msix|exe|msi|appimage|bin|gz|tgz|deb)'

const FAMILIES: Array<{ test: (b: Buffer) => boolean; exts: string[] }> = [
  {
    test: (b) => b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')),
    exts: ['apk', 'ipa', 'zip', 'appx', 'msix'],
  },
  { test: (b) => b[0] === 0x4d && b[1] === 0x5a, exts: ['exe'] },
  { test: (b) => b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')), exts: ['msi'] },
  { test: (b) => b.subarray(0, 4).equals(Buffer.from('7f454c46', 'hex')), exts: ['appimage', 'bin'] },
  { test: (b) => b[0] === 0x1f && b[1] === 0x8b, exts: ['gz', 'tgz'] },
  { test: (b) => b.subarray(0, 8).toString('latin1') === '!<arch>\n', exts: ['deb'] },
]

export const packageDir = (ctx: ServerContext) => join(ctx.config.dataDir, 'uploads', 'app')

/** Which extension a package is stored under, or a 400: not a package, or a name that lies about its content. */
export function packageExtension(bytes: Buffer, claimedName: string): string {
  const family = FAMILIES.find((f) => f.test(bytes))
  if (!family) throw badRequest('upload.notPackage')
  const ext = extname(claimedName).slice(1).toLowerCase()
  if (!family.exts.includes(ext)) throw badRequest('upload.packageMismatch', [ext || '-'])
  return ext
}

export async function saveUploadedPackage(ctx: ServerContext, request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('upload.notMultipart')
  const file = await request.file().catch(() => {
    throw badRequest('upload.malformed')
  })
  if (file?.fieldname !== 'file') throw badRequest('validation.required', ['file'])
  const tooLarge = () => badRequest('upload.tooLarge', [PACKAGE_MAX_BYTES / 1024 / 1024])
  const bytes = await file.toBuffer().catch((error: { code?: string }) => {
    throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : badRequest('upload.malformed')
  })
  if (bytes.length > PACKAGE_MAX_BYTES || file.file.truncated) throw tooLarge()
  const ext = packageExtension(bytes, file.filename)
  mkdirSync(packageDir(ctx), { recursive: true })
  const filePath = `${randomBytes(12).toString('hex')}.${ext}`
  await writeFile(join(packageDir(ctx), filePath), bytes)
  return { filePath, fileName: file.filename.slice(0, 200), fileSize: bytes.length }
}
