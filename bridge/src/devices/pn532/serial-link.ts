// A ByteLink over a serial port (serialport's stream over any binding: the native one, the mock, a pty).
import type { BindingInterface, PortInfo } from '@serialport/bindings-interface'
import { SerialPortStream } from '@serialport/stream'
import type { ByteLink } from './link.ts'

export const PN532_BAUD_RATE = 115200

/** The native binding, loaded on first use so a machine without it still runs the simulators. */
export async function nativeSerialBinding(): Promise<BindingInterface> {
  const { SerialPort } = await import('serialport')
  return SerialPort.binding as BindingInterface
}

export async function listSerialPorts(binding?: BindingInterface): Promise<PortInfo[]> {
  return (binding ?? (await nativeSerialBinding())).list()
}

export async function openSerialLink(
  path: string,
  options: { binding?: BindingInterface; baudRate?: number } = {},
): Promise<ByteLink> {
  const binding = options.binding ?? (await nativeSerialBinding())
  const port = new SerialPortStream({
    binding,
    path,
    baudRate: options.baudRate ?? PN532_BAUD_RATE,
    autoOpen: false,
  })
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())))
  let closing = false
  const lostListeners: ((cause: Error) => void)[] = []
  let lostOnce = false
  const fireLost = (cause: Error) => {
    if (closing || lostOnce) return
    lostOnce = true
    for (const l of lostListeners) l(cause)
  }
  port.on('close', (err: Error | null) => fireLost(err ?? new Error('port closed')))
  port.on('error', (err: Error) => fireLost(err))
  port.on('end', () => fireLost(new Error('port ended')))
  return {
    write: (bytes) =>
      new Promise<void>((resolve, reject) => {
        if (!port.isOpen) return reject(new Error('port is not open'))
        port.write(Buffer.from(bytes), (err) => (err ? reject(err) : resolve()))
      }),
    close: async () => {
      closing = true
      if (!port.isOpen) return
      await new Promise<void>((resolve) => port.close(() => resolve()))
    },
    onData: (listener) => port.on('data', (chunk: Buffer) => listener(new Uint8Array(chunk))),
    onLost: (listener) => lostListeners.push(listener),
  }
}
