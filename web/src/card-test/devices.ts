// The bridge's device list kept current from /bridge/ws: hello replaces it, attached/status update, detached removes.
import type { BridgeDeviceStatus, BridgeDevicesView, BridgeEvent } from '@pms/protocol/api/bridge-devices'

export function applyDeviceEvent(
  view: BridgeDevicesView | null,
  event: BridgeEvent,
): BridgeDevicesView | null {
  switch (event.type) {
    case 'hello':
      return { simulate: event.simulate, devices: event.devices, kinds: event.kinds }
    case 'attached':
    case 'status':
      return view && { ...view, devices: upsert(view.devices, event.device) }
    case 'detached':
      return view && { ...view, devices: view.devices.filter((d) => d.id !== event.id) }
    case 'kind':
      return (
        view && {
          ...view,
          kinds: [...view.kinds.filter((k) => k.kind !== event.kind.kind), event.kind],
        }
      )
    case 'card':
    case 'progress':
    case 'result':
      return view
  }
}

function upsert(devices: readonly BridgeDeviceStatus[], device: BridgeDeviceStatus): BridgeDeviceStatus[] {
  const at = devices.findIndex((d) => d.id === device.id)
  if (at < 0) return [...devices, device]
  return devices.map((d, i) => (i === at ? device : d))
}

/** Encoders (card readers/writers) among the devices. */
export const isEncoder = (d: BridgeDeviceStatus) => d.kind === 'pn532-serial' || d.kind === 'hid-encoder'
