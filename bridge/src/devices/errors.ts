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
  /** A serial port another program (or another device of this bridge) holds open. */
  portBusy: 'portBusy',
  /** A serial port that does not exist (unplugged, mistyped). */
  noSuchPort: 'noSuchPort',
  /** The port opened but nothing answered like a PN532 (wrong baud rate, wrong device, powered off). */
  noAnswer: 'noAnswer',
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

/**
 * Why a serial port would not open, from what the operating system said (the native binding's messages on Linux,
 * Windows and macOS, and the simulator's, which copies them): busy, absent, or another I/O error.
 */
export function serialOpenError(path: string, err: unknown): DeviceError {
  const detail = err instanceof Error ? err.message : String(err)
  if (
    /cannot lock port|resource (temporarily unavailable|busy)|EBUSY|access denied|port is locked/i.test(
      detail,
    )
  )
    return new DeviceError('portBusy', { path, detail }, { cause: err })
  if (/no such file|ENOENT|no such device|file not found|cannot find the file/i.test(detail))
    return new DeviceError('noSuchPort', { path, detail }, { cause: err })
  return new DeviceError('io', { path, detail }, { cause: err })
}
