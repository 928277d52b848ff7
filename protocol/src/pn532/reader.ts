// A streaming PN532 frame reader: feed it chunks as they arrive; it buffers partial frames, reports
// corrupt ones as typed errors and resyncs on the next start code. It never throws.

import type { Pn532ProtocolError } from './errors.ts'
import { findStartCode, type Pn532Frame, parseAt } from './frame.ts'

export type ReaderEvent = { kind: 'frame'; frame: Pn532Frame } | { kind: 'error'; error: Pn532ProtocolError }

/** Beyond this, the buffer holds no frame start worth waiting for: a runaway stream is cut. */
const MAX_BUFFER = 4096

export class FrameReader {
  private buf: Uint8Array = new Uint8Array()

  /** Bytes held waiting for the rest of a frame. */
  get pending(): number {
    return this.buf.length
  }

  reset(): void {
    this.buf = new Uint8Array()
  }

  push(chunk: Uint8Array): ReaderEvent[] {
    const joined = new Uint8Array(this.buf.length + chunk.length)
    joined.set(this.buf, 0)
    joined.set(chunk, this.buf.length)
    const events: ReaderEvent[] = []
    let at = 0
    for (;;) {
      const start = findStartCode(joined, at)
      if (start < 0) {
        // Keep a trailing 0x00: it may be the first half of the next start code.
        at = joined.length > 0 && joined[joined.length - 1] === 0x00 ? joined.length - 1 : joined.length
        break
      }
      const result = parseAt(joined, start + 2)
      if (result.kind === 'need') {
        at = start
        break
      }
      if (result.kind === 'bad') {
        events.push({ kind: 'error', error: result.error })
        at = start + 1
        continue
      }
      events.push({ kind: 'frame', frame: result.frame })
      at = result.end
    }
    this.buf = joined.slice(at)
    if (this.buf.length > MAX_BUFFER) this.buf = this.buf.slice(this.buf.length - MAX_BUFFER)
    return events
  }
}
