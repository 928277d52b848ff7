// MIFARE Classic access conditions (MF1S50 datasheet §8.7): the 3 access-bit bytes of a sector trailer,
// and what each condition lets key A or key B do. Used by the simulator and by card formats.
import type { KeyType } from './mifare.ts'

/** C1C2C3 of blocks 0, 1, 2 and the trailer (3), each 0..7 as (C1 << 2) | (C2 << 1) | C3. */
export type AccessConditions = readonly [number, number, number, number]

export const TRANSPORT_CONDITIONS: AccessConditions = [0b000, 0b000, 0b000, 0b001]

export function encodeAccessBits(conditions: AccessConditions): Uint8Array {
  let c1 = 0
  let c2 = 0
  let c3 = 0
  conditions.forEach((c, n) => {
    c1 |= ((c >> 2) & 1) << n
    c2 |= ((c >> 1) & 1) << n
    c3 |= (c & 1) << n
  })
  return Uint8Array.of(((~c2 & 0xf) << 4) | (~c1 & 0xf), (c1 << 4) | (~c3 & 0xf), (c3 << 4) | c2)
}

/** Decodes bytes 6..8 of a trailer; null when the inverted copies disagree (a real card then blocks the sector). */
export function decodeAccessBits(bytes: Uint8Array): AccessConditions | null {
  if (bytes.length < 3) return null
  const [b6, b7, b8] = bytes
  const c1 = b7 >> 4
  const c2 = b8 & 0xf
  const c3 = b8 >> 4
  if ((~c1 & 0xf) !== (b6 & 0xf) || (~c2 & 0xf) !== b6 >> 4 || (~c3 & 0xf) !== (b7 & 0xf)) return null
  const cond = (n: number) => (((c1 >> n) & 1) << 2) | (((c2 >> n) & 1) << 1) | ((c3 >> n) & 1)
  return [cond(0), cond(1), cond(2), cond(3)]
}

type Who = 'A' | 'B' | 'AB' | '-'
const allows = (who: Who, key: KeyType) => who === 'AB' || who === key

/** Data block: [read, write] by condition (increment/decrement are not used by our formats). */
const dataTable: Record<number, readonly [Who, Who]> = {
  0: ['AB', 'AB'],
  2: ['AB', '-'],
  4: ['AB', 'B'],
  6: ['AB', 'B'],
  1: ['AB', '-'],
  3: ['B', 'B'],
  5: ['B', '-'],
  7: ['-', '-'],
}

/** Trailer: [write key A, read access bits, write access bits, read key B, write key B] by condition. */
const trailerTable: Record<number, readonly [Who, Who, Who, Who, Who]> = {
  0: ['A', 'A', '-', 'A', 'A'],
  2: ['-', 'A', '-', 'A', '-'],
  4: ['B', 'AB', '-', '-', 'B'],
  6: ['-', 'AB', '-', '-', '-'],
  1: ['A', 'A', 'A', 'A', 'A'],
  3: ['B', 'AB', 'B', '-', 'B'],
  5: ['-', 'AB', 'B', '-', '-'],
  7: ['-', 'AB', '-', '-', '-'],
}

/** Where key B is readable it is data, not a key: the card refuses every access made with it. */
export function keyBIsReadable(trailerCondition: number): boolean {
  return trailerTable[trailerCondition][3] !== '-'
}

function effective(key: KeyType, trailerCondition: number): KeyType | null {
  return key === 'B' && keyBIsReadable(trailerCondition) ? null : key
}

export function canReadData(c: AccessConditions, block: number, key: KeyType): boolean {
  const k = effective(key, c[3])
  return k !== null && allows(dataTable[c[block]][0], k)
}

export function canWriteData(c: AccessConditions, block: number, key: KeyType): boolean {
  const k = effective(key, c[3])
  return k !== null && allows(dataTable[c[block]][1], k)
}

export interface TrailerRights {
  writeKeyA: boolean
  readAccess: boolean
  writeAccess: boolean
  readKeyB: boolean
  writeKeyB: boolean
}

export function trailerRights(c: AccessConditions, key: KeyType): TrailerRights {
  const k = effective(key, c[3])
  const row = trailerTable[c[3]]
  const can = (who: Who) => k !== null && allows(who, k)
  return {
    writeKeyA: can(row[0]),
    readAccess: can(row[1]),
    writeAccess: can(row[2]),
    readKeyB: can(row[3]),
    writeKeyB: can(row[4]),
  }
}
