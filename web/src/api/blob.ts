// Downloads answer a file blob; a JSON body inside the blob is an error envelope (SPEC §7, §8).
import type { Translate } from '../i18n/translate.ts'
import { readCode, SUCCESS_CODE } from './outcome.ts'

export type BlobVerdict = { ok: true } | { ok: false; text: string }

/** Reads a download blob: JSON content with a non-200 code is a failure with its message or the code. */
export async function inspectDownload(blob: Blob, t: Translate): Promise<BlobVerdict> {
  if (!blob.type.includes('application/json')) return { ok: true }
  let body: unknown
  try {
    body = JSON.parse(await blob.text())
  } catch {
    return { ok: true }
  }
  const code = readCode(body)
  if (code === SUCCESS_CODE) return { ok: true }
  const msg = (body as { msg?: unknown }).msg
  return { ok: false, text: typeof msg === 'string' && msg ? msg : t('console.download.failedCode', [code]) }
}

/** A filename from Content-Disposition, else the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain?.[1] ? plain[1].trim() : fallback
}
