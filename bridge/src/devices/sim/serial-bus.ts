// Simulated serial ports on serialport's mock binding: each port has a simulated PN532 behind it, shows
// up in `list()` with a USB VID/PID, and can be unplugged (reads and writes fail, the stream disconnects).
import { MockBinding, type MockPortBinding } from '@serialport/binding-mock'
import type { BindingInterface, OpenOptions, PortInfo } from '@serialport/bindings-interface'
import type { SimulatedPn532 } from './pn532.ts'
import { ModelledWire } from './wire.ts'

export interface SimulatedPortOptions {
  vendorId?: string
  productId?: string
  /** Model the line at this baud rate (both ways); null delivers at once. */
  wireBaudRate?: number | null
  /**
   * The baud rate the chip's UART runs at (115200, a PN532's HSU default). A host opening the port at another rate
   * sees garbage both ways, as on a real line: the chip never recognises a frame, so it never answers.
   */
  deviceBaudRate?: number
}

interface SimPort {
  chip: SimulatedPn532
  info: PortInfo
  plugged: boolean
  wireBaudRate: number | null
  deviceBaudRate: number
  open: MockPortBinding | null
  /** The open port was unplugged under its owner: it may be opened again (the owner's handle is dead). */
  stale: boolean
  unplug: ((err: Error) => void) | null
}

class UnpluggedError extends Error {
  readonly disconnected = true
}

export class SimulatedSerialBus {
  private readonly ports = new Map<string, SimPort>()

  /** A binding to hand to the registry or `openSerialLink`; it sees only plugged simulated ports. */
  readonly binding: BindingInterface

  constructor() {
    this.binding = {
      list: async () => [...this.ports.values()].filter((p) => p.plugged).map((p) => ({ ...p.info })),
      open: (options: OpenOptions) => this.open(options),
    } as BindingInterface
  }

  addPort(path: string, chip: SimulatedPn532, options: SimulatedPortOptions = {}): void {
    MockBinding.createPort(path, {
      vendorId: options.vendorId ?? '1a86',
      productId: options.productId ?? '7523',
    })
    this.ports.set(path, {
      chip,
      plugged: true,
      wireBaudRate: options.wireBaudRate ?? null,
      deviceBaudRate: options.deviceBaudRate ?? 115200,
      open: null,
      stale: false,
      unplug: null,
      info: {
        path,
        manufacturer: 'PMS simulator',
        serialNumber: path,
        pnpId: undefined,
        locationId: undefined,
        vendorId: options.vendorId ?? '1a86',
        productId: options.productId ?? '7523',
      },
    })
  }

  chip(path: string): SimulatedPn532 {
    const p = this.ports.get(path)
    if (!p) throw new Error(`no simulated port ${path}`)
    return p.chip
  }

  /** Pulls the cable: an open port fails its reads and writes, and the port leaves `list()`. */
  unplug(path: string): void {
    const p = this.ports.get(path)
    if (!p) return
    p.plugged = false
    p.stale = true
    p.unplug?.(new UnpluggedError(`${path} unplugged`))
  }

  replug(path: string): void {
    const p = this.ports.get(path)
    if (p) p.plugged = true
  }

  private async open(options: OpenOptions): Promise<MockPortBinding> {
    const p = this.ports.get(options.path)
    if (!p?.plugged) throw new Error(`Error: No such file or directory, cannot open ${options.path}`)
    // A port held by another opener is locked, as the native binding's exclusive open is.
    if (p.open?.isOpen && !p.stale) throw new Error('Error Resource temporarily unavailable Cannot lock port')
    // The mock refuses to open a port it still thinks is open (after an unplug it never saw closed).
    if (p.open?.isOpen) await p.open.close().catch(() => {})
    const port = await MockBinding.open(options)
    p.open = port
    p.stale = false
    // At a baud rate other than the chip's, every byte arrives mangled (both ways).
    const garble =
      options.baudRate === p.deviceBaudRate
        ? (bytes: Uint8Array) => bytes
        : (bytes: Uint8Array) => bytes.map((b) => b ^ 0xa5)
    let unplugged: Error | null = null
    const failReads: ((err: Error) => void)[] = []
    p.unplug = (err) => {
      unplugged = err
      for (const f of failReads.splice(0)) f(err)
    }
    const toHost = new ModelledWire((bytes) => {
      if (!unplugged && port.isOpen) port.emitData(Buffer.from(garble(bytes)))
    }, p.wireBaudRate)
    const toChip = new ModelledWire((bytes) => {
      if (!unplugged) p.chip.receive(garble(bytes))
    }, p.wireBaudRate)
    const onOutput = (bytes: Uint8Array) => toHost.send(bytes)
    p.chip.on('output', onOutput)
    const read = port.read.bind(port)
    port.read = (buffer, offset, length) => {
      if (unplugged) return Promise.reject(unplugged)
      return new Promise((resolve, reject) => {
        failReads.push(reject)
        read(buffer, offset, length).then(resolve, reject)
      })
    }
    const write = port.write.bind(port)
    port.write = async (buffer) => {
      if (unplugged) throw unplugged
      await write(buffer)
      toChip.send(new Uint8Array(buffer))
    }
    const close = port.close.bind(port)
    port.close = async () => {
      p.chip.off('output', onOutput)
      if (port.isOpen) await close()
    }
    return port
  }
}
