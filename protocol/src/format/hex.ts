// Hex helpers of SPEC §5: bytes↔hex, grouping, ASCII↔hex, IPv4 → 8 hex digits, Bluetooth MAC normalisation.
import { ProtocolError } from './protocol-error.ts'

const HEX_DIGITS = '0123456789ABCDEF'

/** True when `text` is hex, and exactly `length` characters long when a length is given. */
export function isHex(text: string, length?: number): boolean {
  if (length !== undefined && text.length !== length) return false
  return /^[0-9a-fA-F]*$/.test(text)
}

/** Upper-case hex of the bytes, no separators. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 0x0f]!
  return out
}

/** Bytes of a hex text. Spaces, colons and hyphens are ignored; anything else non-hex or an odd count throws. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/[\s:-]/g, '')
  if (!/^[0-9a-fA-F]*$/.test(clean))
    throw new ProtocolError('bad-hex', `not a hex text: ${text.slice(0, 40)}`)
  if (clean.length % 2 !== 0)
    throw new ProtocolError('odd-length', 'hex text has an odd length', 'card.illegalAsciiFormat')
  const out = new Uint8Array(clean.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16)
  return out
}

/** Splits a hex text into groups of 2 or 4 characters joined by `separator` (a space by default). */
export function groupHex(text: string, size: 2 | 4, separator = ' '): string {
  const clean = text.replace(/\s/g, '')
  const groups: string[] = []
  for (let i = 0; i < clean.length; i += size) groups.push(clean.slice(i, i + size))
  return groups.join(separator)
}

/** Pads a hex text with leading zeros to a multiple of 4 and groups it by 4 (the API secret key code display). */
export function groupSecretKeyCode(code: string): string {
  const clean = code.replace(/\s/g, '')
  const padded = clean.padStart(Math.ceil(clean.length / 4) * 4, '0')
  return groupHex(padded, 4)
}

/** Hex of each character code of an ASCII text (one byte per character). */
export function asciiToHex(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f) throw new ProtocolError('out-of-range', `not ASCII at ${i}`, 'card.illegalAsciiFormat')
    out += HEX_DIGITS[code >> 4]! + HEX_DIGITS[code & 0x0f]!
  }
  return out
}

/** ASCII text of a hex text. An odd length raises 'Illegal Format ASCII Code!' (key `card.illegalAsciiFormat`). */
export function hexToAscii(hex: string): string {
  const clean = hex.replace(/\s/g, '')
  if (clean.length % 2 !== 0)
    throw new ProtocolError('odd-length', 'Illegal Format ASCII Code!', 'card.illegalAsciiFormat')
  if (!/^[0-9a-fA-F]*$/.test(clean))
    throw new ProtocolError('bad-hex', 'Illegal Format ASCII Code!', 'card.illegalAsciiFormat')
  let out = ''
  for (let i = 0; i < clean.length; i += 2)
    out += String.fromCharCode(Number.parseInt(clean.slice(i, i + 2), 16))
  return out
}

/** An IPv4 address as 8 upper-case hex digits ('192.168.1.10' → 'C0A8010A'); undefined when not an IPv4. */
export function ipv4ToHex(address: string): string | undefined {
  const parts = address.trim().split('.')
  if (parts.length !== 4) return undefined
  let out = ''
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined
    const n = Number(part)
    if (n > 255) return undefined
    out += HEX_DIGITS[n >> 4]! + HEX_DIGITS[n & 0x0f]!
  }
  return out
}

/** A Bluetooth MAC as 12 upper-case hex digits after removing colons and hyphens; undefined when it is not one. */
export function normaliseBluetoothMac(mac: string): string | undefined {
  const clean = mac.trim().replace(/[:-]/g, '').toUpperCase()
  return /^[0-9A-F]{12}$/.test(clean) ? clean : undefined
}

/** True when the two byte arrays hold the same bytes. Not constant-time: use `constantTimeEqual` for MACs. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Joins byte arrays into one. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** UTF-8 bytes of a text, written out so the library needs no platform encoder. */
export function utf8Bytes(text: string): Uint8Array {
  const out: number[] = []
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
  }
  return Uint8Array.from(out)
}
