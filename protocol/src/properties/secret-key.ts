// Revealing a property's API secret (SPEC §5, §7, §9): a short numeric code shown to the admin, padded with leading
// zeros to a multiple of 4 digits and shown in groups of 4; the server seals the secret with AES-256-GCM under
// SHA-256(normalised code) and only the holder of the code can open it (WebCrypto, in the browser and in Node).
import type { EncryptedApiSecret } from '../api/properties.ts'

/** Digits of a code as typed or shown (spaces allowed), padded to a multiple of 4; undefined when not a code. */
export function normalizeSecretKeyCode(code: string | number): string | undefined {
  const digits = String(code).replace(/\s+/g, '')
  if (!/^\d{1,32}$/.test(digits)) return undefined
  return digits.padStart(Math.ceil(digits.length / 4) * 4, '0')
}

/** The code as the console shows it: '0012 3456 7890'. An invalid code comes back as it was given. */
export function formatSecretKeyCode(code: string | number): string {
  const normal = normalizeSecretKeyCode(code)
  return normal ? (normal.match(/\d{4}/g) ?? []).join(' ') : String(code)
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

async function keyOf(code: string | number) {
  const normal = normalizeSecretKeyCode(code)
  if (!normal) throw new Error('not a secret key code')
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normal))
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

/** Seals a secret for the holder of `code` (the server's side). */
export async function encryptApiSecret(secret: string, code: string | number): Promise<EncryptedApiSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyOf(code),
    new TextEncoder().encode(secret),
  )
  return { cipher: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) }
}

/** Opens what getPmsApiSecretKey returned; rejects when the code is not the one it was sealed for. */
export async function decryptApiSecret(sealed: EncryptedApiSecret, code: string | number): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    await keyOf(code),
    fromBase64(sealed.cipher),
  )
  return new TextDecoder().decode(plain)
}
