// The one error type the protocol library throws: every codec failure carries a code a caller can switch on.

export const ProtocolErrorCode = {
  truncated: 'truncated',
  badHex: 'bad-hex',
  oddLength: 'odd-length',
  badLength: 'bad-length',
  outOfRange: 'out-of-range',
  badChecksum: 'bad-checksum',
  badMac: 'bad-mac',
  badFrame: 'bad-frame',
  unknownCommand: 'unknown-command',
  badAccessBits: 'bad-access-bits',
  sectorRange: 'sector-range',
} as const
export type ProtocolErrorCode = (typeof ProtocolErrorCode)[keyof typeof ProtocolErrorCode]

/** A decoding or encoding failure. `messageKey` is a language-pack key the console can show. */
export class ProtocolError extends Error {
  readonly code: ProtocolErrorCode
  readonly messageKey: string

  constructor(code: ProtocolErrorCode, message: string, messageKey = 'card.protocolError') {
    super(message)
    this.name = 'ProtocolError'
    this.code = code
    this.messageKey = messageKey
  }
}

export function isProtocolError(value: unknown): value is ProtocolError {
  return value instanceof ProtocolError
}
