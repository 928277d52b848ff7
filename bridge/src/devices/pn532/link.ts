// A byte link to a PN532: a serial port, a pty, a HID report pipe or a simulator behind any of them.

export interface ByteLink {
  write(bytes: Uint8Array): Promise<void>
  close(): Promise<void>
  onData(listener: (chunk: Uint8Array) => void): void
  /** Called once when the link goes away without `close()` (unplugged, pty closed); carries the cause. */
  onLost(listener: (cause: Error) => void): void
}
