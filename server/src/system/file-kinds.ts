// What an uploaded file is, judged by its first bytes and not by the name a client claims: each kind lists the
// extensions it may carry; a PNG renamed .exe and an executable renamed .png are both refused (issue 17).
import { extname } from 'node:path'
import { badRequest } from '../http/errors.ts'

interface FileKind {
  test: (b: Buffer) => boolean
  /** Extension → content type served. */
  exts: Record<string, string>
  images?: true
}

const starts = (b: Buffer, hex: string) => b.subarray(0, hex.length / 2).equals(Buffer.from(hex, 'hex'))

const KINDS: FileKind[] = [
  { test: (b) => starts(b, '89504e470d0a1a0a'), exts: { png: 'image/png' }, images: true },
  { test: (b) => starts(b, 'ffd8ff'), exts: { jpg: 'image/jpeg', jpeg: 'image/jpeg' }, images: true },
  { test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8', exts: { gif: 'image/gif' }, images: true },
  {
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
    exts: { webp: 'image/webp' },
    images: true,
  },
  { test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-', exts: { pdf: 'application/pdf' } },
  {
    test: (b) => starts(b, '504b0304'),
    exts: {
      zip: 'application/zip',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  },
  {
    test: (b) => starts(b, 'd0cf11e0a1b11ae1'),
    exts: { xls: 'application/vnd.ms-excel', doc: 'application/msword' },
  },
]

/** The extensions a general upload may carry (for the console's file picker and the refusal message). */
export const FILE_EXTENSIONS = KINDS.flatMap((k) => Object.keys(k.exts))
export const IMAGE_CONTENT = /^image\//

/** The stored extension and content type of an upload, or a 400: an unknown kind, or a name that lies about it. */
export function fileKind(
  bytes: Buffer,
  claimedName: string,
  imagesOnly = false,
): { ext: string; contentType: string } {
  const kind = KINDS.find((k) => k.test(bytes))
  if (imagesOnly && !kind?.images) throw badRequest('upload.notImage')
  if (!kind) throw badRequest('sysFile.unknownKind', [FILE_EXTENSIONS.join(', ')])
  let ext = extname(claimedName).slice(1).toLowerCase()
  // An image asked for as an image (a licence photo) is kept under its true extension, whatever its name says.
  if (imagesOnly && !kind.exts[ext]) ext = Object.keys(kind.exts)[0]!
  const contentType = kind.exts[ext]
  if (!contentType) throw badRequest('upload.packageMismatch', [ext || '-'])
  return { ext, contentType }
}
