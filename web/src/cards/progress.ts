// Bridge progress events of one card operation as lines the issuing panel shows.
import type { BridgeEvent } from '@pms/protocol/api/bridge-devices'

export type ProgressEvent = Extract<BridgeEvent, { type: 'progress' }>

export interface ProgressLine {
  key: string
  params: Record<string, unknown>
}

const KNOWN_STEPS = new Set(['selected', 'written', 'verified', 'erased'])

/** The language-pack key and params of a progress step; a step this console does not know is shown by name. */
export function progressLine(event: ProgressEvent): ProgressLine {
  const sector = event.detail?.sector
  if (KNOWN_STEPS.has(event.step))
    return { key: `cardConsole.progress.${event.step}`, params: { sector: sector ?? '' } }
  return { key: 'cardConsole.progress.other', params: { step: event.step, sector: sector ?? '' } }
}
