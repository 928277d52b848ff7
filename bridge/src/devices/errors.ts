// Device errors: a code for programs, a language-pack key + params for people (the HTTP layer translates).

export const DeviceErrorCode = {
  unavailable: 'unavailable',
  notOpen: 'notOpen',
  timeout: 'timeout',
  cancelled: 'cancelled',
  disconnected: 'disconnected',
  queueFull: 'queueFull',
  protocol: 'protocol',
  noCard: 'noCard',
  authFailed: 'authFailed',
  cardError: 'cardError',
  verifyFailed: 'verifyFailed',
  unsupported: 'unsupported',
  notFound: 'notFound',
  wrongCard: 'wrongCard',
  /** A lock answered a command with a status other than ok (not initialised, refused, full…). */
  lockRefused: 'lockRefused',
  io: 'io',
} as const
export type DeviceErrorCode = (typeof DeviceErrorCode)[keyof typeof DeviceErrorCode]

export type DeviceErrorParams = Record<string, string | number>

/** The JSON shape of a device error, as the bridge API and its websocket send it. */
export interface DeviceErrorInfo {
  code: DeviceErrorCode
  messageKey: string
  params: DeviceErrorParams
  message: string
}

export class DeviceError extends Error {
  readonly code: DeviceErrorCode
  readonly messageKey: string
  readonly params: DeviceErrorParams

  constructor(code: DeviceErrorCode, params: DeviceErrorParams = {}, options?: { cause?: unknown }) {
    const messageKey = `device.error.${code}`
    super(`${messageKey} ${JSON.stringify(params)}`, options)
    this.name = 'DeviceError'
    this.code = code
    this.messageKey = messageKey
    this.params = params
  }

  toJSON(): DeviceErrorInfo {
    return { code: this.code, messageKey: this.messageKey, params: this.params, message: this.message }
  }
}

/** Wraps anything thrown below the driver (port errors, codec errors) into a DeviceError. */
export function asDeviceError(err: unknown, fallback: DeviceErrorCode = 'io'): DeviceError {
  if (err instanceof DeviceError) return err
  const detail = err instanceof Error ? err.message : String(err)
  return new DeviceError(fallback, { detail }, { cause: err })
}
