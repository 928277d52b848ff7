// `pms-bridge devices`: what this computer's device libraries see, for a technician. Each device kind is
// available or unavailable with the reason (node-hid or noble missing or not loading, no Bluetooth adapter…),
// and every HID device and serial port is listed with its USB ids, to recognise an encoder the bridge does not
// know yet. Nothing is opened.
import { type Language, translate } from '@pms/protocol'
import { loadNobleTransport } from './ble/noble-transport.ts'
import { bleAdapterSource } from './ble-lock.ts'
import type { DeviceKind } from './driver.ts'
import type { DeviceError } from './errors.ts'
import { hidEncoderSource, loadNodeHid } from './hid-encoder.ts'
import { listSerialPorts } from './pn532/serial-link.ts'
import { serialPn532Source } from './sources.ts'

export interface DeviceProbe {
  kinds: { kind: DeviceKind; available: boolean; reason?: DeviceError; found: string[] }[]
  hid: { path?: string; vendorId: number; productId: number; product?: string }[]
  serial: { path: string; vendorId?: string; productId?: string; manufacturer?: string }[]
}

export async function probeDevices(): Promise<DeviceProbe> {
  const sources = [serialPn532Source(), hidEncoderSource(), bleAdapterSource(() => loadNobleTransport())]
  const kinds: DeviceProbe['kinds'] = []
  for (const source of sources) {
    const result = await source.scan()
    kinds.push(
      result.available
        ? { kind: source.kind, available: true, found: result.found.map((f) => f.id) }
        : { kind: source.kind, available: false, reason: result.reason, found: [] },
    )
  }
  const hidLoad = await loadNodeHid()
  const hid = hidLoad.ok
    ? await Promise.resolve()
        .then(() => hidLoad.library.devices())
        .catch(() => [])
    : []
  const serial = await listSerialPorts().catch(() => [])
  return { kinds, hid, serial }
}

/** The reason in a few words: the translated detail when it has one, and the library it concerns. */
function reasonText(lang: Language, reason: DeviceError): string {
  const { detail, detailKey, library } = reason.params
  const text = typeof detailKey === 'string' ? translate(lang, detailKey) : String(detail ?? reason.code)
  return library ? `${text} (${library})` : text
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0')

export function renderProbe(lang: Language, probe: DeviceProbe): string {
  const lines = [translate(lang, 'bridge.devices.kinds')]
  for (const k of probe.kinds) {
    const name = translate(lang, `device.kind.${k.kind}`)
    lines.push(
      k.available
        ? `  ${translate(lang, 'bridge.devices.available', [name, k.found.length])}`
        : `  ${translate(lang, 'bridge.devices.unavailable', [name, k.reason ? reasonText(lang, k.reason) : ''])}`,
    )
  }
  lines.push(translate(lang, 'bridge.devices.hid', [probe.hid.length]))
  for (const d of probe.hid)
    lines.push(`  ${hex4(d.vendorId)}:${hex4(d.productId)}  ${d.path ?? ''}  ${d.product ?? ''}`.trimEnd())
  lines.push(translate(lang, 'bridge.devices.serial', [probe.serial.length]))
  for (const p of probe.serial)
    lines.push(
      `  ${p.vendorId ?? '----'}:${p.productId ?? '----'}  ${p.path}  ${p.manufacturer ?? ''}`.trimEnd(),
    )
  return lines.join('\n')
}
