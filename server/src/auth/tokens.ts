// Opaque session tokens and one-way hashes of short secrets (captcha answers, codes, QR poll secrets).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const newToken = () => randomBytes(32).toString('base64url')
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A numeric code of `length` digits from a uniform source. */
export function numericCode(length = 6): string {
  let out = ''
  while (out.length < length) {
    const byte = randomBytes(1)[0]!
    if (byte < 250) out += String(byte % 10)
  }
  return out
}
