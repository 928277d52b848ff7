// Big- and little-endian byte cursors: every codec reads and writes through these, never by hand.
import { ProtocolError } from './protocol-error.ts'

export type Endian = 'be' | 'le'

/** Reads fields in order from a byte array; reading past the end throws a `truncated` ProtocolError. */
export class ByteReader {
  private at = 0
  constructor(
    private readonly bytes: Uint8Array,
    private readonly endian: Endian = 'be',
  ) {}

  get offset(): number {
    return this.at
  }

  get remaining(): number {
    return this.bytes.length - this.at
  }

  private take(n: number): number {
    if (this.at + n > this.bytes.length)
      throw new ProtocolError('truncated', `need ${n} byte(s) at offset ${this.at}, have ${this.remaining}`)
    const start = this.at
    this.at += n
    return start
  }

  u8(): number {
    return this.bytes[this.take(1)]!
  }

  i8(): number {
    const v = this.u8()
    return v > 0x7f ? v - 0x100 : v
  }

  u16(): number {
    const i = this.take(2)
    const [a, b] = [this.bytes[i]!, this.bytes[i + 1]!]
    return this.endian === 'be' ? (a << 8) | b : (b << 8) | a
  }

  u32(): number {
    const i = this.take(4)
    const b = this.bytes
    const v =
      this.endian === 'be'
        ? b[i]! * 0x1000000 + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!)
        : b[i + 3]! * 0x1000000 + ((b[i + 2]! << 16) | (b[i + 1]! << 8) | b[i]!)
    return v
  }

  bytesOf(n: number): Uint8Array {
    const i = this.take(n)
    return this.bytes.slice(i, i + n)
  }

  rest(): Uint8Array {
    return this.bytesOf(this.remaining)
  }

  /** Throws unless every byte was read: trailing garbage is a malformed frame, not something to ignore. */
  end(): void {
    if (this.remaining !== 0)
      throw new ProtocolError('bad-length', `${this.remaining} unexpected trailing byte(s)`)
  }
}

/** Appends fields in order; values out of range throw an `out-of-range` ProtocolError instead of wrapping. */
export class ByteWriter {
  private readonly parts: number[] = []
  constructor(private readonly endian: Endian = 'be') {}

  private check(value: number, max: number, what: string, min = 0): void {
    if (!Number.isInteger(value) || value < min || value > max)
      throw new ProtocolError('out-of-range', `${what} ${value} is outside ${min}..${max}`)
  }

  u8(value: number): this {
    this.check(value, 0xff, 'u8')
    this.parts.push(value)
    return this
  }

  i8(value: number): this {
    this.check(value, 0x7f, 'i8', -0x80)
    this.parts.push(value & 0xff)
    return this
  }

  u16(value: number): this {
    this.check(value, 0xffff, 'u16')
    const hi = value >> 8
    const lo = value & 0xff
    if (this.endian === 'be') this.parts.push(hi, lo)
    else this.parts.push(lo, hi)
    return this
  }

  u32(value: number): this {
    this.check(value, 0xffffffff, 'u32')
    const b = [Math.floor(value / 0x1000000) & 0xff, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
    if (this.endian === 'be') this.parts.push(...b)
    else this.parts.push(...b.reverse())
    return this
  }

  bytes(data: Uint8Array): this {
    for (const b of data) this.parts.push(b)
    return this
  }

  get length(): number {
    return this.parts.length
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.parts)
  }
}
