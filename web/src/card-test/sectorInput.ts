// Checks a sector read typed on the card-test page: sector number, key type and a 12-digit hex key (protocol helpers).
import { fromHex, isProtocolError } from '@pms/protocol'
import type { BridgeSectorKey, CardWriteRequest } from '@pms/protocol/api/bridge-devices'

export const SECTOR_COUNT = 16
export const KEY_HEX_LENGTH = 12
export const BLOCK_HEX_LENGTH = 32

export type SectorCheck = { ok: true; value: BridgeSectorKey } | { ok: false; key: string }

/**
 * Odd-length hex gets 'Illegal Format ASCII Code!' (the protocol's `card.illegalAsciiFormat`), other non-hex text
 * the protocol's own message key, and a key of another length its own message.
 */
export function checkSectorKey(sector: string, keyType: string, key: string): SectorCheck {
  const n = Number(sector)
  if (!/^\d{1,2}$/.test(sector) || n >= SECTOR_COUNT) return { ok: false, key: 'cardConsole.test.badSector' }
  if (keyType !== 'A' && keyType !== 'B') return { ok: false, key: 'cardConsole.test.badKeyType' }
  const clean = key.replace(/\s/g, '')
  let bytes: Uint8Array
  try {
    bytes = fromHex(clean)
  } catch (error) {
    return { ok: false, key: isProtocolError(error) ? error.messageKey : 'card.protocolError' }
  }
  if (bytes.length * 2 !== KEY_HEX_LENGTH) return { ok: false, key: 'cardConsole.test.badKeyLength' }
  return { ok: true, value: { sector: n, keyType, key: clean.toUpperCase() } }
}

export type BlockWriteCheck =
  | { ok: true; value: Omit<CardWriteRequest, 'deviceId'> }
  | { ok: false; key: string }

/**
 * Checks a block write typed on the card-test page: sector and key as for a read, a data block 0–2 (never the
 * trailer, never sector 0's manufacturer block) and 32 hex digits of data — odd-length hex is again
 * 'Illegal Format ASCII Code!'.
 */
export function checkBlockWrite(
  sector: string,
  block: string,
  keyType: string,
  key: string,
  data: string,
): BlockWriteCheck {
  const opened = checkSectorKey(sector, keyType, key)
  if (!opened.ok) return opened
  if (!/^[0-2]$/.test(block)) return { ok: false, key: 'cardConsole.test.badBlock' }
  const n = Number(block)
  if (opened.value.sector === 0 && n === 0) return { ok: false, key: 'cardConsole.test.manufacturerBlock' }
  const clean = data.replace(/\s/g, '')
  let bytes: Uint8Array
  try {
    bytes = fromHex(clean)
  } catch (error) {
    return { ok: false, key: isProtocolError(error) ? error.messageKey : 'card.protocolError' }
  }
  if (bytes.length * 2 !== BLOCK_HEX_LENGTH) return { ok: false, key: 'cardConsole.test.badDataLength' }
  return { ok: true, value: { ...opened.value, block: n, data: clean.toUpperCase() } }
}

/** A 16-byte block as four groups of four bytes, for reading. */
export function blockText(hex: string): string {
  return (hex.match(/.{1,8}/g) ?? []).join(' ')
}
