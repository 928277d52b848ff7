// PN532 status-byte error codes (UM0701-02 §7.1, table 3).

export const Pn532Status = {
  ok: 0x00,
  timeout: 0x01,
  crcError: 0x02,
  parityError: 0x03,
  anticollisionBitCount: 0x04,
  framingError: 0x05,
  bitCollision: 0x06,
  bufferTooSmall: 0x07,
  rfBufferOverflow: 0x09,
  rfFieldNotOn: 0x0a,
  rfProtocolError: 0x0b,
  overheating: 0x0d,
  internalBufferOverflow: 0x0e,
  invalidParameter: 0x10,
  depNotSupported: 0x12,
  dataFormatMismatch: 0x13,
  mifareAuthError: 0x14,
  uidCheckByteWrong: 0x23,
  invalidDeviceState: 0x25,
  operationNotAllowed: 0x26,
  commandNotAcceptable: 0x27,
  targetReleased: 0x29,
  cardIdMismatch: 0x2a,
  cardDisappeared: 0x2b,
  nfcId3Mismatch: 0x2c,
  overCurrent: 0x2d,
  nadMissing: 0x2e,
} as const
export type Pn532StatusName = keyof typeof Pn532Status

const byCode = new Map<number, Pn532StatusName>(
  (Object.entries(Pn532Status) as [Pn532StatusName, number][]).map(([name, code]) => [code, name]),
)

/** The name of a status code, or `unknown` for a code the manual does not list. */
export function statusName(code: number): Pn532StatusName | 'unknown' {
  return byCode.get(code & 0x3f) ?? 'unknown'
}
