// MIFARE Classic access bits: the 3 bytes after key A in a sector trailer, with their inverted copies checked.
import { ProtocolError } from '../format/protocol-error.ts'

/** Access condition C1C2C3 (0..7) of each block of a sector: three data blocks, then the trailer. */
export type AccessConditions = readonly [number, number, number, number]

/** Factory state: data blocks open with key A or B, trailer writable with key A (bytes FF 07 80). */
export const TRANSPORT_ACCESS: AccessConditions = [0b000, 0b000, 0b000, 0b001]
/** Our issued cards: data read/write with key A or B; keys and access bits writable only with key B (7F 07 88). */
export const CARD_ACCESS: AccessConditions = [0b000, 0b000, 0b000, 0b011]
/** The general-purpose byte written after the access bits. */
export const ACCESS_GPB = 0x69

export function encodeAccessBits(conditions: AccessConditions): Uint8Array {
  let c1 = 0
  let c2 = 0
  let c3 = 0
  conditions.forEach((c, block) => {
    if (!Number.isInteger(c) || c < 0 || c > 7) throw new ProtocolError('bad-access-bits', `condition ${c}`)
    c1 |= ((c >> 2) & 1) << block
    c2 |= ((c >> 1) & 1) << block
    c3 |= (c & 1) << block
  })
  return Uint8Array.of(((~c2 & 0xf) << 4) | (~c1 & 0xf), (c1 << 4) | (~c3 & 0xf), (c3 << 4) | c2)
}

/** Parses access bits; throws `bad-access-bits` when the inverted copies disagree (a card would lock the sector). */
export function decodeAccessBits(bytes: Uint8Array): AccessConditions {
  if (bytes.length < 3) throw new ProtocolError('truncated', 'access bits are 3 bytes')
  const [b6, b7, b8] = [bytes[0]!, bytes[1]!, bytes[2]!]
  const c1 = b7 >> 4
  const c2 = b8 & 0xf
  const c3 = b8 >> 4
  if ((b6 & 0xf) !== (~c1 & 0xf) || b6 >> 4 !== (~c2 & 0xf) || (b7 & 0xf) !== (~c3 & 0xf))
    throw new ProtocolError('bad-access-bits', 'access bits and their inverted copy disagree')
  const at = (block: number) => (((c1 >> block) & 1) << 2) | (((c2 >> block) & 1) << 1) | ((c3 >> block) & 1)
  return [at(0), at(1), at(2), at(3)]
}
