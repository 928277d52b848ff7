// MIFARE Classic commands carried in InDataExchange (MF1S50 datasheet; the PN532 adds CRC and crypto1).
import { Pn532ErrorCode, Pn532ProtocolError } from './errors.ts'

export const MifareCommand = {
  authA: 0x60,
  authB: 0x61,
  read: 0x30,
  write: 0xa0,
} as const
export type MifareCommand = (typeof MifareCommand)[keyof typeof MifareCommand]

export const KeyType = { A: 'A', B: 'B' } as const
export type KeyType = (typeof KeyType)[keyof typeof KeyType]

export const BLOCK_SIZE = 16
export const KEY_SIZE = 6
/** MIFARE Classic 1K: 16 sectors × 4 blocks; the last block of each sector is its trailer. */
export const SECTORS_1K = 16
export const BLOCKS_PER_SECTOR = 4
export const TRANSPORT_KEY: Uint8Array = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff)
/** Transport access bits FF 07 80 (+ GPB 69): key A reads/writes data, key A writes everything in the trailer. */
export const TRANSPORT_ACCESS: Uint8Array = Uint8Array.of(0xff, 0x07, 0x80, 0x69)

export const firstBlockOf = (sector: number) => sector * BLOCKS_PER_SECTOR
export const trailerOf = (sector: number) => sector * BLOCKS_PER_SECTOR + 3
export const sectorOf = (block: number) => Math.floor(block / BLOCKS_PER_SECTOR)
export const isTrailer = (block: number) => block % BLOCKS_PER_SECTOR === 3

export function authCommand(keyType: KeyType, block: number, key: Uint8Array, uid: Uint8Array): Uint8Array {
  checkBlock(block)
  if (key.length !== KEY_SIZE) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'key is 6 bytes')
  if (uid.length < 4) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'UID is at least 4 bytes')
  // Authentication uses the last 4 bytes of the UID (the whole NFCID1 for single-size UIDs).
  const uid4 = uid.subarray(uid.length - 4)
  return Uint8Array.of(keyType === 'A' ? MifareCommand.authA : MifareCommand.authB, block, ...key, ...uid4)
}

export function readCommand(block: number): Uint8Array {
  checkBlock(block)
  return Uint8Array.of(MifareCommand.read, block)
}

export function writeCommand(block: number, data: Uint8Array): Uint8Array {
  checkBlock(block)
  if (data.length !== BLOCK_SIZE)
    throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'block is 16 bytes')
  return Uint8Array.of(MifareCommand.write, block, ...data)
}

export type MifareRequest =
  | { op: 'auth'; keyType: KeyType; block: number; key: Uint8Array; uid: Uint8Array }
  | { op: 'read'; block: number }
  | { op: 'write'; block: number; data: Uint8Array }

/** Decodes a MIFARE command as a PN532 (or our simulator) receives it in InDataExchange. */
export function decodeMifareCommand(bytes: Uint8Array): MifareRequest {
  if (bytes.length < 2) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'MIFARE command too short')
  const [cmd, block] = bytes
  switch (cmd) {
    case MifareCommand.authA:
    case MifareCommand.authB:
      if (bytes.length !== 12) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'auth is 12 bytes')
      return {
        op: 'auth',
        keyType: cmd === MifareCommand.authA ? 'A' : 'B',
        block,
        key: bytes.slice(2, 8),
        uid: bytes.slice(8, 12),
      }
    case MifareCommand.read:
      if (bytes.length !== 2) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'read is 2 bytes')
      return { op: 'read', block }
    case MifareCommand.write:
      if (bytes.length !== 18) throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, 'write is 18 bytes')
      return { op: 'write', block, data: bytes.slice(2) }
    default:
      throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, `MIFARE command ${cmd}`)
  }
}

function checkBlock(block: number): void {
  if (!Number.isInteger(block) || block < 0 || block > 0xff) {
    throw new Pn532ProtocolError(Pn532ErrorCode.badArgument, `block ${block}`)
  }
}
