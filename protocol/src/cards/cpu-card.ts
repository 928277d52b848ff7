// Our CPU-card format for BLE_V3 CPU cards (ISO 14443-4): one 72-byte binary file, sealed like the MIFARE payload.
import { deriveKey } from '../crypto/prf.ts'
import { ByteWriter } from '../format/byte-cursor.ts'
import { bytesEqual, concatBytes, fromHex } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import {
  CARD_FIELDS_LENGTH,
  type CardDecodeResult,
  type CardFields,
  decodeCardFields,
  encodeCardFields,
  openPayload,
  sealPayload,
} from './card-fields.ts'
import { ProtocolCategoryCode } from './card-types.ts'
import { propertyTag } from './mifare-sector.ts'

/** 'PC': our CPU-card file. */
export const CPU_MAGIC = Uint8Array.of(0x50, 0x43)
export const CPU_LAYOUT_VERSION = 0x01
export const CPU_MAC_LENGTH = 16
const HEADER_LENGTH = 8
export const CPU_FILE_LENGTH = HEADER_LENGTH + CARD_FIELDS_LENGTH + CPU_MAC_LENGTH
/** Application id of our card application: proprietary (F0) + 'PMSCARD'. */
export const CPU_CARD_AID = fromHex('F0504D5343415244')
/** Short file identifier of the card file inside the application. */
export const CPU_CARD_SFI = 0x01

function cpuKeys(secret: Uint8Array, uid: Uint8Array): { encKey: Uint8Array; macKey: Uint8Array } {
  const root = deriveKey(secret, 'pms/cpu/card', uid, 32)
  return {
    encKey: deriveKey(root, 'payload-enc', new Uint8Array(0), 32),
    macKey: deriveKey(root, 'payload-mac', new Uint8Array(0), 32),
  }
}

/** The card file: header (magic, version, category, property tag), encrypted fields, 16-byte MAC. */
export function encodeCpuCardFile(fields: CardFields, secret: Uint8Array, uid: Uint8Array): Uint8Array {
  const header = concatBytes(
    CPU_MAGIC,
    Uint8Array.of(CPU_LAYOUT_VERSION, ProtocolCategoryCode.BLE_V3_CPU),
    propertyTag(secret),
  )
  const { mac, ciphertext } = sealPayload(
    cpuKeys(secret, uid),
    header,
    encodeCardFields(fields),
    CPU_MAC_LENGTH,
  )
  return concatBytes(header, ciphertext, mac)
}

/** Decodes a card file read back from the card. Never throws. */
export function decodeCpuCardFile(file: Uint8Array, secret: Uint8Array, uid: Uint8Array): CardDecodeResult {
  if (file.length !== CPU_FILE_LENGTH) return { ok: false, reason: file.length === 0 ? 'blank' : 'malformed' }
  if (file.every((b) => b === 0) || file.every((b) => b === 0xff)) return { ok: false, reason: 'blank' }
  if (!bytesEqual(file.subarray(0, 2), CPU_MAGIC)) return { ok: false, reason: 'unknown-format' }
  if (file[2] !== CPU_LAYOUT_VERSION) return { ok: false, reason: 'unsupported-version' }
  if (!bytesEqual(file.subarray(4, 8), propertyTag(secret))) return { ok: false, reason: 'foreign' }
  const plaintext = openPayload(
    cpuKeys(secret, uid),
    file.subarray(0, HEADER_LENGTH),
    file.subarray(HEADER_LENGTH, HEADER_LENGTH + CARD_FIELDS_LENGTH),
    file.subarray(HEADER_LENGTH + CARD_FIELDS_LENGTH),
  )
  if (!plaintext) return { ok: false, reason: 'tampered' }
  try {
    return { ok: true, fields: decodeCardFields(plaintext) }
  } catch {
    return { ok: false, reason: 'unsupported-version' }
  }
}

/** SELECT our application by AID (ISO 7816-4, 00 A4 04 00). */
export function selectApplicationApdu(): Uint8Array {
  return new ByteWriter()
    .bytes(Uint8Array.of(0x00, 0xa4, 0x04, 0x00, CPU_CARD_AID.length))
    .bytes(CPU_CARD_AID)
    .u8(0)
    .toBytes()
}

/** READ BINARY of the whole card file by short file id (00 B0 8s 00 Le). */
export function readCardFileApdu(): Uint8Array {
  return Uint8Array.of(0x00, 0xb0, 0x80 | CPU_CARD_SFI, 0x00, CPU_FILE_LENGTH)
}

/** UPDATE BINARY of the whole card file by short file id (00 D6 8s 00 Lc data). */
export function writeCardFileApdu(file: Uint8Array): Uint8Array {
  if (file.length !== CPU_FILE_LENGTH)
    throw new ProtocolError('bad-length', `the card file is ${CPU_FILE_LENGTH} bytes`)
  return concatBytes(Uint8Array.of(0x00, 0xd6, 0x80 | CPU_CARD_SFI, 0x00, file.length), file)
}

/** Splits a response APDU into data and status word; throws `truncated` under 2 bytes. */
export function parseResponseApdu(response: Uint8Array): { data: Uint8Array; sw: number; ok: boolean } {
  if (response.length < 2) throw new ProtocolError('truncated', 'a response APDU ends with SW1 SW2')
  const sw = (response[response.length - 2]! << 8) | response[response.length - 1]!
  return { data: response.slice(0, -2), sw, ok: sw === 0x9000 }
}
