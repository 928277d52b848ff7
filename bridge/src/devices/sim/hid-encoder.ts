// A simulated HID encoder: the simulated PN532 behind node-hid's interface, 64-byte reports both ways,
// so HidPn532Encoder runs unchanged against it. Unplugging makes the port emit an error, as node-hid does.
import { EventEmitter } from 'node:events'
import {
  fromReport,
  type HidDeviceInfo,
  type HidLibrary,
  type HidPort,
  toReports,
} from '../hid/report-link.ts'
import type { SimulatedPn532 } from './pn532.ts'

class SimulatedHidPort extends EventEmitter implements HidPort {
  private readonly onOutput = (bytes: Uint8Array) => {
    for (const report of toReports(bytes)) setImmediate(() => this.emit('data', Buffer.from(report)))
  }

  constructor(private readonly chip: SimulatedPn532) {
    super()
    chip.on('output', this.onOutput)
  }

  write(data: number[]): number {
    // data[0] is the report ID; the report follows.
    const report = Uint8Array.from(data.slice(1))
    const bytes = fromReport(report)
    setImmediate(() => this.chip.receive(bytes))
    return data.length
  }

  close(): void {
    this.chip.off('output', this.onOutput)
  }

  unplug(): void {
    this.close()
    this.emit('error', new Error('could not read from HID device'))
  }
}

export class SimulatedHidLibrary implements HidLibrary {
  private readonly entries = new Map<
    string,
    { info: HidDeviceInfo; chip: SimulatedPn532; plugged: boolean; port?: SimulatedHidPort }
  >()

  add(path: string, chip: SimulatedPn532, vendorId = 0x0483, productId = 0x5750): void {
    this.entries.set(path, {
      info: { vendorId, productId, path, product: 'Simulated PN532 HID encoder' },
      chip,
      plugged: true,
    })
  }

  devices(): HidDeviceInfo[] {
    return [...this.entries.values()].filter((e) => e.plugged).map((e) => ({ ...e.info }))
  }

  open(path: string): HidPort {
    const e = this.entries.get(path)
    if (!e?.plugged) throw new Error(`cannot open device with path ${path}`)
    e.port = new SimulatedHidPort(e.chip)
    return e.port
  }

  unplug(path: string): void {
    const e = this.entries.get(path)
    if (!e) return
    e.plugged = false
    e.port?.unplug()
  }

  replug(path: string): void {
    const e = this.entries.get(path)
    if (e) e.plugged = true
  }
}
