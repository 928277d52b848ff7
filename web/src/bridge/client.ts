// Calls to the bridge's device API (/bridge/*, same origin, no token): the {code, msg, data} envelope and its errors.
import type { BridgeDeviceError } from '@pms/protocol/api/bridge-devices'
import { getLanguage } from '../i18n/language.ts'
import { getToken } from '../session/token.ts'

export const BRIDGE_BASE = '/bridge'

/** A refused or failed device call, with the bridge's translated text and, for device errors, its code. */
export class BridgeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly device?: BridgeDeviceError,
  ) {
    super(message)
    this.name = 'BridgeError'
  }
}

interface Envelope<T> {
  code?: number
  msg?: string
  data?: T & { error?: BridgeDeviceError & { text?: string } }
}

/** The data of a bridge answer, or the BridgeError it stands for. Pure: exported for tests. */
export function readEnvelope<T>(status: number, body: Envelope<T> | undefined, fallback: string): T {
  const code = body?.code ?? status
  if (code === 200 && status < 400) return body?.data as T
  const error = body?.data?.error
  const text = error?.text || body?.msg || fallback
  throw new BridgeError(
    text,
    code,
    error ? { code: error.code, messageKey: error.messageKey, params: error.params } : undefined,
  )
}

/**
 * One call. `withSession` sends the console's session token: the port settings routes ask the business API whether it
 * may change the desk's devices.
 */
export async function bridgeCall<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  withSession = false,
): Promise<T> {
  const token = withSession ? getToken() : undefined
  let response: Response
  try {
    response = await fetch(`${BRIDGE_BASE}${path}`, {
      method,
      headers: {
        'Accept-Language': getLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new BridgeError('', 0)
  }
  let parsed: Envelope<T> | undefined
  try {
    parsed = (await response.json()) as Envelope<T>
  } catch {
    parsed = undefined
  }
  return readEnvelope(response.status, parsed, `HTTP ${response.status}`)
}

export const bridge = {
  get: <T>(path: string) => bridgeCall<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => bridgeCall<T>('POST', path, body),
  /** A write that needs the console's session (port settings). */
  send: <T>(method: 'POST' | 'PUT', path: string, body: unknown) => bridgeCall<T>(method, path, body, true),
}
