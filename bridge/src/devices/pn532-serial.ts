// The PN532-compatible MIFARE encoder on a serial port (USB-serial adapter, HSU at 115200 baud).
import type { BindingInterface } from '@serialport/bindings-interface'
import { DeviceKind } from './driver.ts'
import { DeviceError } from './errors.ts'
import { type Pn532DeviceOptions, Pn532EncoderDevice } from './pn532/device.ts'
import type { ByteLink } from './pn532/link.ts'
import { openSerialLink, PN532_BAUD_RATE } from './pn532/serial-link.ts'

export interface Pn532SerialOptions extends Omit<Pn532DeviceOptions, 'kind' | 'path'> {
  path: string
  /** The serialport binding; the native one by default, the simulator's mock bus in tests and demo. */
  binding?: BindingInterface
  baudRate?: number
}

export class Pn532SerialEncoder extends Pn532EncoderDevice {
  private readonly binding?: BindingInterface
  private readonly baudRate: number
  readonly portPath: string

  constructor(options: Pn532SerialOptions) {
    super({ ...options, kind: DeviceKind.pn532Serial })
    this.binding = options.binding
    this.baudRate = options.baudRate ?? PN532_BAUD_RATE
    this.portPath = options.path
  }

  protected async openLink(): Promise<ByteLink> {
    try {
      return await openSerialLink(this.portPath, { binding: this.binding, baudRate: this.baudRate })
    } catch (err) {
      throw new DeviceError(
        'io',
        { device: this.id, path: this.portPath, detail: (err as Error).message },
        { cause: err },
      )
    }
  }
}
