// HMAC-SHA256 used three ways: a PRF for key derivation, a counter-mode keystream, and truncated MACs.
import { concatBytes, utf8Bytes } from '../format/hex.ts'
import { hmacSha256 } from './sha256.ts'

/** A `length`-byte key for `label` under `key`, expanded HKDF-style (T(i) = PRF(key, T(i-1) | label | context | i)). */
export function deriveKey(key: Uint8Array, label: string, context: Uint8Array, length: number): Uint8Array {
  const info = concatBytes(utf8Bytes(label), Uint8Array.of(0), context)
  const out = new Uint8Array(length)
  let previous: Uint8Array = new Uint8Array(0)
  for (let i = 1, at = 0; at < length; i++) {
    previous = hmacSha256(key, concatBytes(previous, info, Uint8Array.of(i)))
    out.set(previous.subarray(0, Math.min(32, length - at)), at)
    at += 32
  }
  return out
}

/** XORs `data` with the keystream PRF(key, iv | counter32) for counter 0, 1, …; the same call decrypts. */
export function xorKeystream(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length)
  for (let counter = 0; counter * 32 < data.length; counter++) {
    const c = Uint8Array.of(counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff)
    const stream = hmacSha256(key, concatBytes(iv, c))
    for (let i = 0; i < 32 && counter * 32 + i < data.length; i++) {
      const j = counter * 32 + i
      out[j] = data[j]! ^ stream[i]!
    }
  }
  return out
}

/** The first `length` bytes of HMAC-SHA256(key, message). */
export function mac(key: Uint8Array, message: Uint8Array, length: number): Uint8Array {
  return hmacSha256(key, message).slice(0, length)
}

/** Compares two MACs in time independent of where they differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}
