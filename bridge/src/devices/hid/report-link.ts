// PN532 bytes in 64-byte HID reports: byte 0 is how many frame bytes follow (1..63), then those bytes,
// zero-padded. Long frames span several reports; the reader reassembles the byte stream.
import type { ByteLink } from '../pn532/link.ts'

export const HID_REPORT_SIZE = 64
export const HID_PAYLOAD_SIZE = HID_REPORT_SIZE - 1

/** The slice of node-hid's HID class the driver uses; the simulator implements the same. */
export interface HidPort {
  write(data: number[]): number
  on(event: 'data', listener: (report: Buffer) => void): unknown
  on(event: 'error', listener: (err: Error) => void): unknown
  close(): void
}

export interface HidDeviceInfo {
  vendorId: number
  productId: number
  path?: string
  product?: string
}

/** The slice of the node-hid module the driver uses. */
export interface HidLibrary {
  devices(): HidDeviceInfo[]
  open(path: string): HidPort
}

/** Splits bytes into reports (without the report-ID byte). */
export function toReports(bytes: Uint8Array): Uint8Array[] {
  const reports: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += HID_PAYLOAD_SIZE) {
    const part = bytes.subarray(at, at + HID_PAYLOAD_SIZE)
    const report = new Uint8Array(HID_REPORT_SIZE)
    report[0] = part.length
    report.set(part, 1)
    reports.push(report)
  }
  return reports
}

/** The frame bytes a report carries; a length over 63 is clamped to what the report holds. */
export function fromReport(report: Uint8Array): Uint8Array {
  const n = Math.min(report[0] ?? 0, HID_PAYLOAD_SIZE, Math.max(report.length - 1, 0))
  return report.subarray(1, 1 + n)
}

export function hidByteLink(port: HidPort): ByteLink {
  const lostListeners: ((cause: Error) => void)[] = []
  let closed = false
  let lost = false
  port.on('error', (err) => {
    if (closed || lost) return
    lost = true
    for (const l of lostListeners) l(err)
  })
  return {
    async write(bytes) {
      // node-hid wants the report ID first: 0x00 for a device without numbered reports.
      for (const report of toReports(bytes)) port.write([0x00, ...report])
    },
    async close() {
      closed = true
      port.close()
    },
    onData: (listener) => port.on('data', (report) => listener(fromReport(new Uint8Array(report)))),
    onLost: (listener) => lostListeners.push(listener),
  }
}
