// The error catalogue of SPEC §8 as pure decisions: what a response or a transport failure should show.
import type { Translate } from '../i18n/translate.ts'

export const SUCCESS_CODE = 200
export const REQUEST_TIMEOUT_MS = 60_000
export const TOAST_DURATION_MS = 5_000
/** Server messages carrying this marker leak internals and are replaced by a generic text. */
export const EXCEPTION_MARKER = /exception/i

/** What the user should see after a call. */
export type Outcome =
  | { kind: 'ok' }
  | { kind: 'relogin'; text: string }
  | { kind: 'message'; text: string }
  | { kind: 'notification'; text: string }

/** The response code is read from `code`, else `ret`, else 200 (SPEC §7). */
export function readCode(body: unknown): number {
  if (body && typeof body === 'object') {
    const { code, ret } = body as { code?: unknown; ret?: unknown }
    const raw = code ?? ret
    if (raw !== undefined && raw !== null && raw !== '') {
      const n = Number(raw)
      if (Number.isFinite(n)) return n
    }
  }
  return SUCCESS_CODE
}

function readMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const msg = (body as { msg?: unknown; message?: unknown }).msg ?? (body as { message?: unknown }).message
    if (typeof msg === 'string') return msg
  }
  return ''
}

/** Extra data (string, array or object) appended to a code-500 message. */
export function formatExtra(data: unknown): string {
  if (data === undefined || data === null || data === '') return ''
  if (typeof data === 'string') return data
  if (Array.isArray(data))
    return data.map((d) => (typeof d === 'object' ? JSON.stringify(d) : String(d))).join(', ')
  if (typeof data === 'object')
    return Object.entries(data as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ')
  return String(data)
}

/** Decides what a parsed response body means for the user. */
export function classifyBody(body: unknown, t: Translate): Outcome {
  const code = readCode(body)
  if (code === SUCCESS_CODE) return { kind: 'ok' }
  const msg = readMessage(body)
  switch (code) {
    case 401:
      return { kind: 'relogin', text: t('error.401') }
    case 403:
      return { kind: 'message', text: t('error.403') }
    case 404:
      return { kind: 'message', text: t('error.404') }
    case 500: {
      const base = !msg
        ? t('error.default')
        : EXCEPTION_MARKER.test(msg)
          ? t('console.error.serverException')
          : msg
      const extra = formatExtra((body as { data?: unknown }).data)
      return { kind: 'message', text: extra ? `${base} ${extra}` : base }
    }
    default:
      return msg ? { kind: 'message', text: msg } : { kind: 'notification', text: t('error.default') }
  }
}

/** Why a call failed before a usable envelope came back. */
export type TransportFailure =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number }
  | { kind: 'other'; detail: string }

export function describeTransportFailure(failure: TransportFailure, t: Translate): string {
  switch (failure.kind) {
    case 'network':
      return t('console.error.network')
    case 'timeout':
      return t('console.error.timeout')
    case 'status':
      return t('console.error.httpStatus', [failure.status])
    case 'other':
      return t('console.error.request')
  }
}

/** Maps what fetch threw to a transport failure. */
export function classifyThrown(error: unknown, timedOut: boolean): TransportFailure {
  if (timedOut) return { kind: 'timeout' }
  if (error instanceof TypeError) return { kind: 'network' }
  return { kind: 'other', detail: error instanceof Error ? error.message : String(error) }
}
