// PN532 host-interface frames (NXP UM0701-02 §6.2.1): normal and extended information frames, ACK, NACK
// and the syntax-error frame, with LEN/LCS and DCS checksums.
import { Pn532ErrorCode, Pn532ProtocolError } from './errors.ts'

export const PREAMBLE = 0x00
export const START_CODE = [0x00, 0xff] as const
export const POSTAMBLE = 0x00

/** Frame identifier: which way the frame travels. */
export const Tfi = { hostToPn532: 0xd4, pn532ToHost: 0xd5 } as const
export type Tfi = (typeof Tfi)[keyof typeof Tfi]

export const ACK_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0x00, 0xff, 0x00)
export const NACK_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0xff, 0x00, 0x00)
/** What the PN532 answers to a frame it could not parse (application-level error, data 0x7F). */
export const ERROR_FRAME: Uint8Array = Uint8Array.of(0x00, 0x00, 0xff, 0x01, 0xff, 0x7f, 0x81, 0x00)
export const SYNTAX_ERROR_CODE = 0x7f

/** Normal frames carry up to 255 bytes of TFI + data; extended frames up to 265 (the PN532's buffer). */
export const NORMAL_MAX_LEN = 0xff
export const EXTENDED_MAX_LEN = 265

/**
 * The HSU wake-up: 0x55 0x55 and a long run of zeros, sent before the first command so a PN532 in
 * power-down wakes and its UART locks on (UM0701-02 §7.2.11 and the PN532 application note).
 */
export const HSU_WAKE_UP: Uint8Array = Uint8Array.of(0x55, 0x55, ...new Array<number>(14).fill(0x00))

export type Pn532Frame =
  | { type: 'ack' }
  | { type: 'nack' }
  | { type: 'error' }
  | { type: 'info'; tfi: Tfi; command: number; params: Uint8Array; extended: boolean }

export function checksum(bytes: Iterable<number>): number {
  let sum = 0
  for (const b of bytes) sum = (sum + b) & 0xff
  return (0x100 - sum) & 0xff
}

/** Encodes TFI + command + params; extended form when it does not fit a normal frame. */
export function encodeInformationFrame(
  tfi: Tfi,
  command: number,
  params: Uint8Array = new Uint8Array(),
): Uint8Array {
  const len = 2 + params.length
  if (len > EXTENDED_MAX_LEN) {
    throw new Pn532ProtocolError(Pn532ErrorCode.tooLong, `${len} bytes > ${EXTENDED_MAX_LEN}`)
  }
  const data = new Uint8Array(len)
  data[0] = tfi
  data[1] = command & 0xff
  data.set(params, 2)
  const extended = len > NORMAL_MAX_LEN
  const head = extended
    ? [PREAMBLE, ...START_CODE, 0xff, 0xff, len >> 8, len & 0xff, checksum([len >> 8, len & 0xff])]
    : [PREAMBLE, ...START_CODE, len, checksum([len])]
  const out = new Uint8Array(head.length + len + 2)
  out.set(head, 0)
  out.set(data, head.length)
  out[head.length + len] = checksum(data)
  out[head.length + len + 1] = POSTAMBLE
  return out
}

export const hostFrame = (command: number, params?: Uint8Array) =>
  encodeInformationFrame(Tfi.hostToPn532, command, params)
export const pn532Frame = (command: number, params?: Uint8Array) =>
  encodeInformationFrame(Tfi.pn532ToHost, command, params)

/**
 * Decodes exactly one complete frame (leading preamble zeros allowed). Throws only Pn532ProtocolError.
 * For streams use FrameReader, which buffers partial frames and resyncs.
 */
export function decodeFrame(bytes: Uint8Array): Pn532Frame {
  const start = findStartCode(bytes, 0)
  if (start < 0) throw new Pn532ProtocolError(Pn532ErrorCode.badStart, 'no 00 FF start code')
  const result = parseAt(bytes, start + 2)
  if (result.kind === 'need')
    throw new Pn532ProtocolError(Pn532ErrorCode.truncated, `need ${result.bytes} more`)
  if (result.kind === 'bad') throw result.error
  return result.frame
}

export function findStartCode(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) if (bytes[i] === 0x00 && bytes[i + 1] === 0xff) return i
  return -1
}

export type ParseResult =
  | { kind: 'frame'; frame: Pn532Frame; end: number }
  | { kind: 'need'; bytes: number }
  | { kind: 'bad'; error: Pn532ProtocolError }

/** Parses the frame whose LEN field starts at `at` (just after 00 FF). `end` excludes the postamble. */
export function parseAt(buf: Uint8Array, at: number): ParseResult {
  if (buf.length < at + 2) return { kind: 'need', bytes: at + 2 - buf.length }
  const a = buf[at]
  const b = buf[at + 1]
  if (a === 0x00 && b === 0xff) return { kind: 'frame', frame: { type: 'ack' }, end: at + 2 }
  if (a === 0xff && b === 0x00) return { kind: 'frame', frame: { type: 'nack' }, end: at + 2 }
  let len: number
  let dataAt: number
  let extended = false
  if (a === 0xff && b === 0xff) {
    if (buf.length < at + 5) return { kind: 'need', bytes: at + 5 - buf.length }
    len = (buf[at + 2] << 8) | buf[at + 3]
    if (((buf[at + 2] + buf[at + 3] + buf[at + 4]) & 0xff) !== 0) {
      return bad(Pn532ErrorCode.badLcs, `extended LEN ${len}`)
    }
    if (len > EXTENDED_MAX_LEN) return bad(Pn532ErrorCode.tooLong, `extended LEN ${len}`)
    dataAt = at + 5
    extended = true
  } else {
    len = a
    if (((a + b) & 0xff) !== 0) return bad(Pn532ErrorCode.badLcs, `LEN ${hex(a)} LCS ${hex(b)}`)
    dataAt = at + 2
  }
  if (len === 0) return bad(Pn532ErrorCode.truncated, 'LEN 0')
  if (buf.length < dataAt + len + 1) return { kind: 'need', bytes: dataAt + len + 1 - buf.length }
  const data = buf.subarray(dataAt, dataAt + len)
  if (checksum(data) !== buf[dataAt + len]) return bad(Pn532ErrorCode.badDcs, `DCS ${hex(buf[dataAt + len])}`)
  const end = dataAt + len + 1
  if (len === 1 && data[0] === SYNTAX_ERROR_CODE) return { kind: 'frame', frame: { type: 'error' }, end }
  const tfi = data[0]
  if (tfi !== Tfi.hostToPn532 && tfi !== Tfi.pn532ToHost) return bad(Pn532ErrorCode.badTfi, `TFI ${hex(tfi)}`)
  if (len < 2) return bad(Pn532ErrorCode.truncated, 'no command code')
  const frame: Pn532Frame = { type: 'info', tfi, command: data[1], params: data.slice(2), extended }
  return { kind: 'frame', frame, end }
}

function bad(code: Pn532ErrorCode, detail: string): ParseResult {
  return { kind: 'bad', error: new Pn532ProtocolError(code, detail) }
}

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase()
