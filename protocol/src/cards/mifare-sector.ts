// Our MIFARE Classic 1K sector format for M157 and Z-M cards: diversified keys, sealed payload, grant to write a card.
import { deriveKey } from '../crypto/prf.ts'
import { bytesEqual, concatBytes, fromHex, toHex, utf8Bytes } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import { ACCESS_GPB, CARD_ACCESS, encodeAccessBits } from './access-bits.ts'
import {
  type CardDecodeResult,
  type CardFields,
  decodeCardFields,
  encodeCardFields,
  openPayload,
  sealPayload,
} from './card-fields.ts'
import { type AuthMode, type MifareCategory, ProtocolCategoryCode } from './card-types.ts'

export const MIFARE_BLOCK_SIZE = 16
export const MIFARE_SECTORS = 16
/** The key of a blank card, for A and B alike. */
export const TRANSPORT_KEY = 'FFFFFFFFFFFF'
/** 'PK': our MIFARE layout. */
export const MIFARE_MAGIC = Uint8Array.of(0x50, 0x4b)
export const MIFARE_LAYOUT_VERSION = 0x01
/** Header block + three payload blocks. */
export const MIFARE_LAYOUT_BLOCKS = 4
const HEADER_SIGNED = 8
const MAC_LENGTH = 8

export interface SectorKeyPair {
  sector: number
  keyA: Uint8Array
  keyB: Uint8Array
}

/** Everything derived from the property secret and one card UID: sector keys and payload keys. */
export interface MifareCardKeys {
  sector: number
  sectorNum: number
  sectors: readonly SectorKeyPair[]
  encKey: Uint8Array
  macKey: Uint8Array
  /** 4 bytes naming the property without revealing its secret; lets a reader tell "foreign" from "tampered". */
  propertyTag: Uint8Array
}

/** The property tag: the first 4 bytes of PRF(secret, 'pms/property-tag'). */
export function propertyTag(secret: Uint8Array): Uint8Array {
  return deriveKey(secret, 'pms/property-tag', new Uint8Array(0), 4)
}

/** Data blocks a run of sectors offers (sector 0 is refused: its block 0 is the manufacturer block). */
export function assertSectorRange(sector: number, sectorNum: number): void {
  if (!Number.isInteger(sector) || !Number.isInteger(sectorNum) || sector < 1 || sectorNum < 1)
    throw new ProtocolError('sector-range', `sector ${sector}, count ${sectorNum}: sectors start at 1`)
  if (sector + sectorNum > MIFARE_SECTORS)
    throw new ProtocolError('sector-range', `sectors ${sector}..${sector + sectorNum - 1} pass sector 15`)
  if (sectorNum * 3 < MIFARE_LAYOUT_BLOCKS)
    throw new ProtocolError(
      'sector-range',
      `the layout needs ${MIFARE_LAYOUT_BLOCKS} data blocks: use 2 sectors or more`,
    )
}

/** Diversifies the property secret for one card UID (4 or 7 bytes) over the sectors it uses. */
export function deriveSectorKeys(
  secret: Uint8Array,
  uid: Uint8Array,
  sector: number,
  sectorNum: number,
): MifareCardKeys {
  assertSectorRange(sector, sectorNum)
  const root = cardRootKey(secret, uid)
  const sectors: SectorKeyPair[] = []
  for (let s = sector; s < sector + sectorNum; s++) {
    sectors.push({
      sector: s,
      keyA: deriveKey(root, 'key-a', Uint8Array.of(s), 6),
      keyB: deriveKey(root, 'key-b', Uint8Array.of(s), 6),
    })
  }
  return {
    sector,
    sectorNum,
    sectors,
    ...payloadKeys(root),
    propertyTag: propertyTag(secret),
  }
}

function cardRootKey(secret: Uint8Array, uid: Uint8Array): Uint8Array {
  return deriveKey(secret, 'pms/mifare/card', uid, 32)
}

function payloadKeys(root: Uint8Array): { encKey: Uint8Array; macKey: Uint8Array } {
  return {
    encKey: deriveKey(root, 'payload-enc', new Uint8Array(0), 32),
    macKey: deriveKey(root, 'payload-mac', new Uint8Array(0), 32),
  }
}

/** A sector trailer: key A, access bits, GPB, key B. */
export function sectorTrailer(keyA: Uint8Array, keyB: Uint8Array): Uint8Array {
  return concatBytes(keyA, encodeAccessBits(CARD_ACCESS), Uint8Array.of(ACCESS_GPB), keyB)
}

/** The 64 bytes of the layout: header (magic, version, category, property tag, MAC) and the encrypted fields. */
function encodeLayout(fields: CardFields, keys: MifareCardKeys, category: MifareCategory): Uint8Array {
  const signed = concatBytes(
    MIFARE_MAGIC,
    Uint8Array.of(MIFARE_LAYOUT_VERSION, ProtocolCategoryCode[category]),
    keys.propertyTag,
  )
  const { mac, ciphertext } = sealPayload(keys, signed, encodeCardFields(fields), MAC_LENGTH)
  return concatBytes(signed, mac, ciphertext)
}

/** Every block of the card's sectors in order (4 per sector, the last of each a trailer). */
export function encodeCard(
  fields: CardFields,
  keys: MifareCardKeys,
  category: MifareCategory = 'M157',
): Uint8Array[] {
  const layout = encodeLayout(fields, keys, category)
  const blocks: Uint8Array[] = []
  let dataIndex = 0
  for (const { keyA, keyB } of keys.sectors) {
    for (let b = 0; b < 3; b++, dataIndex++) {
      const block = new Uint8Array(MIFARE_BLOCK_SIZE)
      block.set(layout.subarray(dataIndex * MIFARE_BLOCK_SIZE, (dataIndex + 1) * MIFARE_BLOCK_SIZE))
      blocks.push(block)
    }
    blocks.push(sectorTrailer(keyA, keyB))
  }
  return blocks
}

/** The data blocks (not trailers) of a run of sector blocks, in order. */
export function dataBlocks(blocks: readonly Uint8Array[]): Uint8Array[] {
  return blocks.filter((_, i) => i % 4 !== 3)
}

/**
 * Decodes the blocks read from a card's sectors (trailers may read back as zeros; they are ignored).
 * Never throws: any bytes give a typed result.
 */
export function decodeCard(
  blocks: readonly Uint8Array[],
  secret: Uint8Array,
  uid: Uint8Array,
): CardDecodeResult {
  const data = dataBlocks(blocks)
  if (data.length < MIFARE_LAYOUT_BLOCKS || blocks.some((b) => b.length !== MIFARE_BLOCK_SIZE))
    return { ok: false, reason: 'malformed' }
  const layout = concatBytes(...data.slice(0, MIFARE_LAYOUT_BLOCKS))
  if (layout.every((b) => b === 0) || layout.every((b) => b === 0xff)) return { ok: false, reason: 'blank' }
  if (!bytesEqual(layout.subarray(0, 2), MIFARE_MAGIC)) return { ok: false, reason: 'unknown-format' }
  if (layout[2] !== MIFARE_LAYOUT_VERSION) return { ok: false, reason: 'unsupported-version' }
  if (!bytesEqual(layout.subarray(4, 8), propertyTag(secret))) return { ok: false, reason: 'foreign' }
  const plaintext = openPayload(
    payloadKeys(cardRootKey(secret, uid)),
    layout.subarray(0, HEADER_SIGNED),
    layout.subarray(16, 64),
    layout.subarray(HEADER_SIGNED, HEADER_SIGNED + MAC_LENGTH),
  )
  if (!plaintext) return { ok: false, reason: 'tampered' }
  try {
    return { ok: true, fields: decodeCardFields(plaintext) }
  } catch {
    return { ok: false, reason: 'unsupported-version' }
  }
}

/** One sector of a grant: how to get in (transport key on a blank card, else the card's key) and what to write. */
export interface MifareSectorGrant {
  sector: number
  /** The key a blank card opens with (A and B alike). */
  transportKey: string
  /** The diversified keys this card gets; on a card issued before, authenticate with these (key B to rewrite the trailer). */
  keyA: string
  keyB: string
  /** Four 16-byte blocks as hex: three data blocks, then the trailer. */
  blocks: readonly string[]
}

/** What the server sends the bridge to write one card. The property secret never appears in it. */
export interface MifareCardGrant {
  category: MifareCategory
  uid: string
  sector: number
  sectorNum: number
  authMode: AuthMode
  sectors: readonly MifareSectorGrant[]
}

export interface MifareGrantRequest {
  category: MifareCategory
  secret: Uint8Array
  uid: string
  sector: number
  sectorNum: number
  authMode: AuthMode
  fields: CardFields
}

/** Builds the grant for one card UID: keys per sector plus the blocks to write. */
export function buildMifareGrant(request: MifareGrantRequest): MifareCardGrant {
  const uid = fromHex(request.uid)
  if (uid.length !== 4 && uid.length !== 7)
    throw new ProtocolError('bad-length', `a MIFARE UID is 4 or 7 bytes, got ${uid.length}`)
  const keys = deriveSectorKeys(request.secret, uid, request.sector, request.sectorNum)
  const blocks = encodeCard(request.fields, keys, request.category)
  return {
    category: request.category,
    uid: toHex(uid),
    sector: request.sector,
    sectorNum: request.sectorNum,
    authMode: request.authMode,
    sectors: keys.sectors.map((pair, i) => ({
      sector: pair.sector,
      transportKey: TRANSPORT_KEY,
      keyA: toHex(pair.keyA),
      keyB: toHex(pair.keyB),
      blocks: blocks.slice(i * 4, i * 4 + 4).map(toHex),
    })),
  }
}

/** A property secret from its stored text form: hex when it is hex of 16+ bytes, else its UTF-8 bytes. */
export function propertySecretBytes(text: string): Uint8Array {
  const clean = text.trim()
  return /^([0-9a-fA-F]{2}){16,}$/.test(clean) ? fromHex(clean) : utf8Bytes(clean)
}
