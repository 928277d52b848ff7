// A modelled serial wire: bytes arrive after the time they take at the line's baud rate (8N1 = 10 bits
// a byte, ≈ 86.8 µs at 115200), one after another, so a benchmark sees the physical floor.

export const BITS_PER_BYTE = 10

/** Milliseconds that `bytes` take on a line at `baudRate`. */
export function wireTimeMs(bytes: number, baudRate: number): number {
  return (bytes * BITS_PER_BYTE * 1000) / baudRate
}

export class ModelledWire {
  private freeAt = 0
  /** In flight, in order: bytes must never overtake each other, as on a real line. */
  private readonly queue: { at: number; bytes: Uint8Array }[] = []
  private ticking = false

  /** `baudRate` null delivers at once (next turn of the event loop), for fast tests. */
  constructor(
    private readonly deliver: (bytes: Uint8Array) => void,
    private readonly baudRate: number | null = null,
  ) {}

  send(bytes: Uint8Array): void {
    const now = performance.now()
    const at =
      this.baudRate === null ? now : Math.max(now, this.freeAt) + wireTimeMs(bytes.length, this.baudRate)
    this.freeAt = at
    this.queue.push({ at, bytes: bytes.slice() })
    if (!this.ticking) {
      this.ticking = true
      setImmediate(() => this.tick())
    }
  }

  /** Timers round to whole milliseconds; the last fraction is finished on setImmediate so time is not lost. */
  private tick(): void {
    const head = this.queue[0]
    if (!head) {
      this.ticking = false
      return
    }
    const left = head.at - performance.now()
    if (left <= 0) {
      this.queue.shift()
      this.deliver(head.bytes)
      setImmediate(() => this.tick())
    } else if (left < 1.5) setImmediate(() => this.tick())
    else setTimeout(() => this.tick(), Math.floor(left - 0.5))
  }
}
