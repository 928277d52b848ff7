// The one error type the PN532 codec throws or reports: a code a program can switch on.

export const Pn532ErrorCode = {
  badStart: 'badStart',
  badLcs: 'badLcs',
  badDcs: 'badDcs',
  badTfi: 'badTfi',
  truncated: 'truncated',
  tooLong: 'tooLong',
  badResponse: 'badResponse',
  badArgument: 'badArgument',
} as const
export type Pn532ErrorCode = (typeof Pn532ErrorCode)[keyof typeof Pn532ErrorCode]

export class Pn532ProtocolError extends Error {
  readonly code: Pn532ErrorCode
  constructor(code: Pn532ErrorCode, detail: string) {
    super(`PN532 ${code}: ${detail}`)
    this.name = 'Pn532ProtocolError'
    this.code = code
  }
}
