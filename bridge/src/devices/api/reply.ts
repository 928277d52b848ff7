// The device API's envelopes: {code, msg, data} like /prod-api, device errors mapped to a status and a translated message.
import { type Language, translate } from '@pms/protocol'
import type {
  BridgeDeviceError,
  BridgeDeviceStatus,
  BridgeKindStatus,
} from '@pms/protocol/api/bridge-devices'
import type { DeviceStatus } from '../driver.ts'
import type { DeviceErrorCode, DeviceErrorInfo } from '../errors.ts'
import type { KindStatus } from '../registry.ts'

/** HTTP status (and `code`) of each device error. A device that cannot serve now is 503; a card problem is 409. */
export const DEVICE_ERROR_STATUS: Record<DeviceErrorCode, number> = {
  unavailable: 503,
  notOpen: 503,
  disconnected: 503,
  timeout: 504,
  cancelled: 409,
  queueFull: 429,
  protocol: 502,
  noCard: 409,
  authFailed: 409,
  cardError: 409,
  verifyFailed: 409,
  wrongCard: 409,
  lockRefused: 409,
  unsupported: 400,
  notFound: 404,
  io: 500,
  portBusy: 409,
  noSuchPort: 404,
  noAnswer: 504,
}

export function ok<T>(lang: Language, data: T, key = 'device.api.ok') {
  return { code: 200, msg: translate(lang, key), data }
}

/**
 * The error as sent: code, key and params (the programmer's `message` with its JSON is left out), translated.
 * A `detailKey` param names a language-pack key that replaces the raw `detail` in the text.
 */
export function errorView(lang: Language, info: DeviceErrorInfo): BridgeDeviceError & { text: string } {
  const { detailKey } = info.params
  const params =
    typeof detailKey === 'string' ? { ...info.params, detail: translate(lang, detailKey) } : info.params
  return {
    code: info.code,
    messageKey: info.messageKey,
    params: info.params,
    text: translate(lang, info.messageKey, params),
  }
}

export function statusView(lang: Language, s: DeviceStatus): BridgeDeviceStatus {
  const { reason, ...rest } = s
  return reason ? { ...rest, reason: errorView(lang, reason) } : rest
}

export function kindView(lang: Language, k: KindStatus): BridgeKindStatus {
  const { reason, ...rest } = k
  return reason ? { ...rest, reason: errorView(lang, reason) } : rest
}
