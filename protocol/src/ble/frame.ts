// BLE v3 lock frames: immutable frames with fromBuffer/toBuffer, sealing under a lock key, 20-byte chunks and reassembly.

import { openPayload, sealPayload } from '../cards/card-fields.ts'
import { ByteReader, ByteWriter } from '../format/byte-cursor.ts'
import { concatBytes } from '../format/hex.ts'
import { ProtocolError } from '../format/protocol-error.ts'
import { BLE_CHUNK_SIZE } from './gatt.ts'
import type { FrameKeys } from './lock-keys.ts'

export const FRAME_SOF = 0xa5
export const FRAME_VERSION = 0x03
export const FRAME_HEADER_LENGTH = 7
export const FRAME_MAC_LENGTH = 8
export const FRAME_CRC_LENGTH = 2
/** Largest body a frame may carry; anything longer is treated as line noise. */
export const FRAME_BODY_MAX = 1024
const FLAG_RESPONSE = 0x01

export type FrameDirection = 'command' | 'response'

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches radio corruption before any crypto runs. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff
  for (const b of bytes) {
    crc ^= b << 8
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

/** One frame on the wire: header, encrypted body, MAC, CRC. Immutable. */
export class BleFrame {
  constructor(
    readonly direction: FrameDirection,
    readonly seq: number,
    readonly body: Uint8Array,
    readonly mac: Uint8Array,
  ) {
    if (mac.length !== FRAME_MAC_LENGTH) throw new ProtocolError('bad-length', 'a frame MAC is 8 bytes')
    if (body.length > FRAME_BODY_MAX)
      throw new ProtocolError('bad-length', `frame body over ${FRAME_BODY_MAX} bytes`)
  }

  /** The 7 header bytes; they are also the associated data the MAC covers. */
  static header(direction: FrameDirection, seq: number, bodyLength: number): Uint8Array {
    return new ByteWriter()
      .u8(FRAME_SOF)
      .u8(FRAME_VERSION)
      .u8(direction === 'response' ? FLAG_RESPONSE : 0)
      .u16(seq)
      .u16(bodyLength)
      .toBytes()
  }

  toBuffer(): Uint8Array {
    const signed = concatBytes(
      BleFrame.header(this.direction, this.seq, this.body.length),
      this.body,
      this.mac,
    )
    return new ByteWriter().bytes(signed).u16(crc16(signed)).toBytes()
  }

  /** Parses exactly one frame; throws a ProtocolError (bad-frame, truncated, bad-length, bad-checksum) otherwise. */
  static fromBuffer(bytes: Uint8Array): BleFrame {
    const r = new ByteReader(bytes)
    if (r.u8() !== FRAME_SOF) throw new ProtocolError('bad-frame', 'no start-of-frame byte')
    const version = r.u8()
    if (version !== FRAME_VERSION) throw new ProtocolError('bad-frame', `frame version ${version}`)
    const flags = r.u8()
    if ((flags & ~FLAG_RESPONSE) !== 0) throw new ProtocolError('bad-frame', `unknown frame flags ${flags}`)
    const seq = r.u16()
    const length = r.u16()
    if (length > FRAME_BODY_MAX) throw new ProtocolError('bad-length', `frame body of ${length} bytes`)
    const body = r.bytesOf(length)
    const mac = r.bytesOf(FRAME_MAC_LENGTH)
    const crc = r.u16()
    r.end()
    if (crc !== crc16(bytes.subarray(0, bytes.length - FRAME_CRC_LENGTH)))
      throw new ProtocolError('bad-checksum', 'frame CRC does not match')
    return new BleFrame(flags & FLAG_RESPONSE ? 'response' : 'command', seq, body, mac)
  }
}

/** Encrypts and MACs a plaintext body into a frame. */
export function sealFrame(
  keys: FrameKeys,
  direction: FrameDirection,
  seq: number,
  plaintext: Uint8Array,
): BleFrame {
  const { mac, ciphertext } = sealPayload(
    keys,
    BleFrame.header(direction, seq, plaintext.length),
    plaintext,
    FRAME_MAC_LENGTH,
  )
  return new BleFrame(direction, seq, ciphertext, mac)
}

/** The plaintext body of a frame; throws `bad-mac` when it was sealed under another key or altered. */
export function openFrame(keys: FrameKeys, frame: BleFrame): Uint8Array {
  const plaintext = openPayload(
    keys,
    BleFrame.header(frame.direction, frame.seq, frame.body.length),
    frame.body,
    frame.mac,
  )
  if (!plaintext) throw new ProtocolError('bad-mac', 'frame MAC does not match: wrong key or altered frame')
  return plaintext
}

/** Splits frame bytes into writes of at most `size` bytes (20 by default, the ATT payload of the default MTU). */
export function chunkFrame(bytes: Uint8Array, size = BLE_CHUNK_SIZE): Uint8Array[] {
  const chunks: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size))
  return chunks
}

/** What the assembler saw: a whole frame, or bytes it dropped and why. */
export type AssembledItem =
  | { kind: 'frame'; frame: BleFrame }
  | { kind: 'dropped'; bytes: number; error: ProtocolError }

/**
 * Rebuilds frames from notify or write chunks. Bytes before a start byte are dropped; a frame with a bad CRC
 * is dropped by one byte and the search resumes, so one corrupted frame does not lose the next.
 */
export class FrameAssembler {
  private buffer: Uint8Array = new Uint8Array(0)

  push(chunk: Uint8Array): AssembledItem[] {
    this.buffer = concatBytes(this.buffer, chunk)
    const out: AssembledItem[] = []
    for (;;) {
      const start = this.buffer.indexOf(FRAME_SOF)
      if (start < 0) {
        if (this.buffer.length > 0)
          out.push(this.drop(this.buffer.length, new ProtocolError('bad-frame', 'noise')))
        return out
      }
      if (start > 0) out.push(this.drop(start, new ProtocolError('bad-frame', 'bytes before start of frame')))
      if (this.buffer.length < FRAME_HEADER_LENGTH) return out
      const length = (this.buffer[5]! << 8) | this.buffer[6]!
      if (this.buffer[1] !== FRAME_VERSION || length > FRAME_BODY_MAX) {
        out.push(this.drop(1, new ProtocolError('bad-frame', 'not a frame header')))
        continue
      }
      const total = FRAME_HEADER_LENGTH + length + FRAME_MAC_LENGTH + FRAME_CRC_LENGTH
      if (this.buffer.length < total) return out
      try {
        out.push({ kind: 'frame', frame: BleFrame.fromBuffer(this.buffer.subarray(0, total)) })
        this.buffer = this.buffer.slice(total)
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error
        out.push(this.drop(1, error))
      }
    }
  }

  /** Bytes waiting for the rest of a frame. */
  get pending(): number {
    return this.buffer.length
  }

  reset(): void {
    this.buffer = new Uint8Array(0)
  }

  private drop(count: number, error: ProtocolError): AssembledItem {
    this.buffer = this.buffer.slice(count)
    return { kind: 'dropped', bytes: count, error }
  }
}
