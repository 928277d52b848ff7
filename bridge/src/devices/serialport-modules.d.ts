// Typings for the serialport packages whose ESM entry ships without a "types" export condition, so
// TypeScript's bundler resolution cannot see their .d.ts. Only what the device layer uses.

declare module '@serialport/bindings-interface' {
  export interface PortInfo {
    path: string
    manufacturer: string | undefined
    serialNumber: string | undefined
    pnpId: string | undefined
    locationId: string | undefined
    productId: string | undefined
    vendorId: string | undefined
  }
  export interface OpenOptions {
    path: string
    baudRate: number
    [option: string]: unknown
  }
  export interface BindingPortInterface {
    readonly isOpen: boolean
    close(): Promise<void>
    read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>
    write(buffer: Buffer): Promise<void>
  }
  export interface BindingInterface<T extends BindingPortInterface = BindingPortInterface> {
    list(): Promise<PortInfo[]>
    open(options: OpenOptions): Promise<T>
  }
}

declare module '@serialport/binding-mock' {
  import type { BindingInterface, BindingPortInterface, OpenOptions } from '@serialport/bindings-interface'
  export interface MockPortBinding extends BindingPortInterface {
    emitData(data: Buffer | string): void
  }
  export const MockBinding: BindingInterface<MockPortBinding> & {
    reset(): void
    createPort(
      path: string,
      options?: { echo?: boolean; record?: boolean; vendorId?: string; productId?: string },
    ): void
    open(options: OpenOptions): Promise<MockPortBinding>
  }
}
