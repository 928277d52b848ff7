// The 48-byte card payload every card format carries (MIFARE and CPU alike), and its sealing: SIV-style MAC + keystream.
import { constantTimeEqual, mac, xorKeystream } from '../crypto/prf.ts'
import { ByteReader, ByteWriter } from '../format/byte-cursor.ts'
import { CARD_END_TIME_MAX } from '../format/card-end-time.ts'
import { concatBytes } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import { type CardType, isCardType } from './card-types.ts'

/** Version of the payload field layout below. */
export const CARD_FIELDS_VERSION = 1
export const CARD_FIELDS_LENGTH = 48
/** Highest floor the elevator bitmap can name (64 bits, floor 1 = bit 0 of byte 0). */
export const ELEVATOR_FLOOR_MAX = 64

/** What a card says about itself once decrypted and authenticated. Ids of 0 mean "any" for scoped cards. */
export interface CardFields {
  cardType: CardType
  /** CardFlag bits. */
  flags: number
  propertyId: number
  buildingId: number
  floorId: number
  /** The room, or for a lock-bound card the lock id. */
  roomId: number
  /** Unix seconds. */
  validFrom: number
  /** Unix seconds, capped at 4294967295. */
  validUntil: number
  /** Per property and room, rising with each guest card issued; a lock refuses lower ones after a newer one. */
  issueSequence: number
  /** The card's own number (the card record). */
  cardNo: number
  /** For LOST and UN-LOST cards: the card number they blacklist or release. 0 otherwise. */
  targetCardNo: number
  /** Floors (1..64) an elevator reader lets this card call. */
  elevatorFloors: readonly number[]
}

/** Serialises the fields into the 48-byte plaintext. Out-of-range values throw a ProtocolError. */
export function encodeCardFields(fields: CardFields): Uint8Array {
  let bitmap = 0n
  for (const floor of fields.elevatorFloors) {
    if (!Number.isInteger(floor) || floor < 1 || floor > ELEVATOR_FLOOR_MAX)
      throw new ProtocolError('out-of-range', `elevator floor ${floor} is outside 1..${ELEVATOR_FLOOR_MAX}`)
    bitmap |= 1n << BigInt(floor - 1)
  }
  const floors = new Uint8Array(8)
  for (let i = 0; i < 8; i++) floors[i] = Number((bitmap >> BigInt(i * 8)) & 0xffn)
  return new ByteWriter()
    .u8(CARD_FIELDS_VERSION)
    .i8(fields.cardType)
    .u16(fields.flags)
    .u32(fields.propertyId)
    .u16(fields.buildingId)
    .u16(fields.floorId)
    .u32(fields.roomId)
    .u32(fields.validFrom)
    .u32(Math.min(fields.validUntil, CARD_END_TIME_MAX))
    .u32(fields.issueSequence)
    .u32(fields.cardNo)
    .u32(fields.targetCardNo)
    .bytes(floors)
    .u32(0)
    .toBytes()
}

/** Parses the 48-byte plaintext. Throws a ProtocolError for another length, version or an unknown card type. */
export function decodeCardFields(bytes: Uint8Array): CardFields {
  if (bytes.length !== CARD_FIELDS_LENGTH)
    throw new ProtocolError('bad-length', `card fields are ${CARD_FIELDS_LENGTH} bytes, got ${bytes.length}`)
  const r = new ByteReader(bytes)
  const version = r.u8()
  if (version !== CARD_FIELDS_VERSION) throw new ProtocolError('bad-frame', `card fields version ${version}`)
  const cardType = r.i8()
  if (!isCardType(cardType)) throw new ProtocolError('bad-frame', `unknown card type ${cardType}`)
  const fields = {
    cardType,
    flags: r.u16(),
    propertyId: r.u32(),
    buildingId: r.u16(),
    floorId: r.u16(),
    roomId: r.u32(),
    validFrom: r.u32(),
    validUntil: r.u32(),
    issueSequence: r.u32(),
    cardNo: r.u32(),
    targetCardNo: r.u32(),
  }
  const floors = r.bytesOf(8)
  const elevatorFloors: number[] = []
  for (let floor = 1; floor <= ELEVATOR_FLOOR_MAX; floor++)
    if (floors[(floor - 1) >> 3]! & (1 << ((floor - 1) & 7))) elevatorFloors.push(floor)
  r.u32()
  r.end()
  return { ...fields, elevatorFloors }
}

/** Seals a plaintext: MAC over `associated | plaintext`, then the keystream keyed by `encKey` with the MAC as IV. */
export function sealPayload(
  keys: { encKey: Uint8Array; macKey: Uint8Array },
  associated: Uint8Array,
  plaintext: Uint8Array,
  macLength: number,
): { mac: Uint8Array; ciphertext: Uint8Array } {
  const tag = mac(keys.macKey, concatBytes(associated, plaintext), macLength)
  return { mac: tag, ciphertext: xorKeystream(keys.encKey, tag, plaintext) }
}

/** Opens a sealed payload; undefined when the MAC does not match (wrong key or altered bytes). */
export function openPayload(
  keys: { encKey: Uint8Array; macKey: Uint8Array },
  associated: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
): Uint8Array | undefined {
  const plaintext = xorKeystream(keys.encKey, tag, ciphertext)
  const expected = mac(keys.macKey, concatBytes(associated, plaintext), tag.length)
  return constantTimeEqual(expected, tag) ? plaintext : undefined
}

/** Why a card could not be decoded. */
export const CardDecodeFailure = {
  blank: 'blank',
  malformed: 'malformed',
  unknownFormat: 'unknown-format',
  unsupportedVersion: 'unsupported-version',
  foreign: 'foreign',
  tampered: 'tampered',
} as const
export type CardDecodeFailure = (typeof CardDecodeFailure)[keyof typeof CardDecodeFailure]

export type CardDecodeResult = { ok: true; fields: CardFields } | { ok: false; reason: CardDecodeFailure }

/** The language-pack key of a decode failure. */
export function cardDecodeFailureKey(reason: CardDecodeFailure): string {
  switch (reason) {
    case 'blank':
      return 'card.decode.blank'
    case 'malformed':
      return 'card.decode.malformed'
    case 'unknown-format':
      return 'card.decode.unknownFormat'
    case 'unsupported-version':
      return 'card.decode.unsupportedVersion'
    case 'foreign':
      return 'card.decode.foreign'
    case 'tampered':
      return 'card.decode.tampered'
  }
}
