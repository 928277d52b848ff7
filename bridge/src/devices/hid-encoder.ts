// The USB-HID MIFARE encoder: the PN532 command set in 64-byte reports, through node-hid loaded lazily.
// Without node-hid (or libusb/hidraw) the kind is unavailable, with the reason; nothing else is affected.
import { DeviceKind } from './driver.ts'
import { DeviceError } from './errors.ts'
import { type HidDeviceInfo, type HidLibrary, type HidPort, hidByteLink } from './hid/report-link.ts'
import { type Pn532DeviceOptions, Pn532EncoderDevice } from './pn532/device.ts'
import type { ByteLink } from './pn532/link.ts'
import type { DeviceSource, UsbId } from './sources.ts'

export type HidLoad = { ok: true; library: HidLibrary } | { ok: false; reason: DeviceError }

/** Imports node-hid on first use. It is not a dependency (its install runs scripts), so it may be absent. */
export async function loadNodeHid(moduleName = 'node-hid'): Promise<HidLoad> {
  try {
    type NodeHid = { devices(): HidDeviceInfo[]; HID: new (path: string) => HidPort }
    const mod = (await import(moduleName)) as NodeHid & { default?: NodeHid }
    const lib = mod.HID ? mod : mod.default!
    return { ok: true, library: { devices: () => lib.devices(), open: (path) => new lib.HID(path) } }
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND'
    const detail = missing ? 'library not installed' : (err as Error).message
    return { ok: false, reason: new DeviceError('unavailable', { library: moduleName, detail }) }
  }
}

/** HID encoders we know speak PN532 frames in this report format; configurable per site. */
export const KNOWN_HID_ENCODERS: readonly UsbId[] = [
  { vendorId: '0483', productId: '5750', name: 'PN532 HID bridge' },
]

export interface HidEncoderOptions extends Omit<Pn532DeviceOptions, 'kind' | 'path'> {
  path: string
  library: HidLibrary
}

export class HidPn532Encoder extends Pn532EncoderDevice {
  private readonly library: HidLibrary
  private readonly hidPath: string

  constructor(options: HidEncoderOptions) {
    super({ ...options, kind: DeviceKind.hidEncoder, path: options.path })
    this.library = options.library
    this.hidPath = options.path
  }

  protected async openLink(): Promise<ByteLink> {
    try {
      return hidByteLink(this.library.open(this.hidPath))
    } catch (err) {
      throw new DeviceError(
        'io',
        { device: this.id, path: this.hidPath, detail: (err as Error).message },
        { cause: err },
      )
    }
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0')

export function hidEncoderSource(
  options: {
    load?: () => Promise<HidLoad>
    ids?: readonly UsbId[]
    cardWatchMs?: number
    simulated?: boolean
  } = {},
): DeviceSource {
  const ids = options.ids ?? KNOWN_HID_ENCODERS
  let loaded: Promise<HidLoad> | null = null
  return {
    kind: DeviceKind.hidEncoder,
    async scan() {
      loaded ??= (options.load ?? loadNodeHid)()
      const load = await loaded
      if (!load.ok) return { available: false, reason: load.reason }
      let list: ReturnType<HidLibrary['devices']>
      try {
        list = load.library.devices()
      } catch (err) {
        return {
          available: false,
          reason: new DeviceError('unavailable', { library: 'node-hid', detail: (err as Error).message }),
        }
      }
      const found = list
        .filter(
          (d) =>
            d.path &&
            ids.some((id) => id.vendorId === hex4(d.vendorId) && id.productId === hex4(d.productId)),
        )
        .map((d) => {
          const id = `hid-encoder:${d.path}`
          return {
            id,
            path: d.path,
            create: () =>
              new HidPn532Encoder({
                id,
                path: d.path!,
                library: load.library,
                cardWatchMs: options.cardWatchMs,
                simulated: options.simulated,
              }),
          }
        })
      return { available: true, found }
    },
  }
}
