// Hex helpers for PN532 byte tests and logs: the library's own, with bytes spaced apart as the NXP manual prints them.
import { toHex as compactHex } from '../format/hex.ts'

export { bytesEqual, concatBytes, fromHex } from '../format/hex.ts'

export function toHex(bytes: Uint8Array, separator = ' '): string {
  const compact = compactHex(bytes)
  return separator === '' ? compact : (compact.match(/../g) ?? []).join(separator)
}
