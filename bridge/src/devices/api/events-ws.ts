// /bridge/ws: every registry event as a JSON message (typed BridgeEvent), in the language the client asked for.
import type { IncomingHttpHeaders } from 'node:http'
import type { BridgeEvent } from '@pms/protocol/api/bridge-devices'
import type { WebSocket } from 'ws'
import { requestLanguage } from '../../language.ts'
import type { RegistryEvents } from '../registry.ts'
import { errorView, kindView, statusView } from './reply.ts'
import type { DeviceService } from './service.ts'

/** Serves one /bridge/ws connection until it closes; `headers` are the upgrade's (for its language). */
export function streamDeviceEvents(
  devices: DeviceService,
  socket: WebSocket,
  headers: IncomingHttpHeaders,
): void {
  const { registry } = devices
  const lang = requestLanguage(headers)
  const send = (event: BridgeEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event))
  }
  const listeners: { [E in keyof RegistryEvents]?: (...args: RegistryEvents[E]) => void } = {
    attached: (s) => send({ type: 'attached', device: statusView(lang, s) }),
    detached: (d) => send({ type: 'detached', ...d }),
    status: (s) => send({ type: 'status', device: statusView(lang, s) }),
    kind: (k) => send({ type: 'kind', kind: kindView(lang, k) }),
    card: (c) =>
      send({ type: 'card', deviceId: c.deviceId, present: c.present, uid: c.uid, cardType: c.type }),
    progress: (p) => send({ type: 'progress', ...p }),
    result: (r) =>
      send({
        type: 'result',
        deviceId: r.deviceId,
        operation: r.operation,
        ok: r.ok,
        ms: r.ms,
        ...(r.error ? { error: errorView(lang, r.error) } : {}),
      }),
  }
  const entries = Object.entries(listeners) as [keyof RegistryEvents, (...a: unknown[]) => void][]
  for (const [event, listener] of entries) registry.on(event, listener as never)
  socket.on('close', () => {
    for (const [event, listener] of entries) registry.off(event, listener as never)
  })
  // Inbound messages carry nothing the bridge acts on; an answer is never expected.
  socket.on('message', () => {})
  send({
    type: 'hello',
    simulate: devices.simulate,
    devices: registry.list().map((s) => statusView(lang, s)),
    kinds: registry.kindStatus().map((k) => kindView(lang, k)),
  })
}
