// The card-test page's live log: bridge events kept newest first, at most LOG_LIMIT, each with a one-line summary.
import type { BridgeEvent } from '@pms/protocol/api/bridge-devices'

export const LOG_LIMIT = 200

export interface LogEntry {
  at: number
  type: BridgeEvent['type']
  summary: string
}

/** The fields that tell one event from another, without the bulky device lists. */
export function summarise(event: BridgeEvent): string {
  switch (event.type) {
    case 'hello':
      return `simulate=${event.simulate} devices=${event.devices.map((d) => `${d.id}:${d.state}`).join(',')}`
    case 'attached':
    case 'status':
      return `${event.device.id} ${event.device.state}${event.device.operation ? ` ${event.device.operation}` : ''}`
    case 'detached':
      return `${event.id} ${event.reason}`
    case 'kind':
      return `${event.kind.kind} available=${event.kind.available}`
    case 'card':
      return `${event.deviceId} present=${event.present}${event.uid ? ` uid=${event.uid}` : ''}`
    case 'progress':
      return `${event.deviceId} ${event.operation} ${event.step}${event.detail ? ` ${JSON.stringify(event.detail)}` : ''}`
    case 'result':
      return `${event.deviceId} ${event.operation} ok=${event.ok} ${event.ms}ms${event.error ? ` ${event.error.text}` : ''}`
  }
}

export function appendLog(log: readonly LogEntry[], event: BridgeEvent, at: number): LogEntry[] {
  return [{ at, type: event.type, summary: summarise(event) }, ...log].slice(0, LOG_LIMIT)
}
