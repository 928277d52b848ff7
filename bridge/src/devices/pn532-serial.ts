// The PN532-compatible MIFARE encoder on a serial port (USB-serial adapter, HSU at 115200 baud).
import type { PortRole } from '@pms/protocol/api/bridge-devices'
import type { BindingInterface } from '@serialport/bindings-interface'
import { DeviceKind } from './driver.ts'
import { asDeviceError, DeviceError, serialOpenError } from './errors.ts'
import { type Pn532DeviceOptions, Pn532EncoderDevice } from './pn532/device.ts'
import type { ByteLink } from './pn532/link.ts'
import { openSerialLink, PN532_BAUD_RATE } from './pn532/serial-link.ts'

export interface Pn532SerialOptions extends Omit<Pn532DeviceOptions, 'kind' | 'path'> {
  path: string
  /** The serialport binding; the native one by default, the simulator's mock bus in tests and demo. */
  binding?: BindingInterface
  baudRate?: number
  /** What the desk uses it for (port settings): an encoder writes cards, a reader only reads their UIDs. */
  role?: Exclude<PortRole, 'off'>
}

export class Pn532SerialEncoder extends Pn532EncoderDevice {
  private readonly binding?: BindingInterface
  readonly baudRate: number
  readonly role: Exclude<PortRole, 'off'>
  readonly portPath: string

  constructor(options: Pn532SerialOptions) {
    super({ ...options, kind: DeviceKind.pn532Serial })
    this.binding = options.binding
    this.baudRate = options.baudRate ?? PN532_BAUD_RATE
    this.role = options.role ?? 'encoder'
    this.portPath = options.path
  }

  /** A port that opens but where nothing answers the wake-up and firmware query is 'no answer', not a bare timeout. */
  protected async connect(signal: AbortSignal): Promise<void> {
    try {
      await super.connect(signal)
    } catch (err) {
      const error = asDeviceError(err)
      if (error.code === 'timeout')
        throw new DeviceError('noAnswer', { path: this.portPath, baudRate: this.baudRate }, { cause: err })
      throw error
    }
    this.info = { ...this.info, role: this.role, baudRate: this.baudRate }
  }

  protected async openLink(): Promise<ByteLink> {
    try {
      return await openSerialLink(this.portPath, { binding: this.binding, baudRate: this.baudRate })
    } catch (err) {
      throw serialOpenError(this.portPath, err)
    }
  }
}
