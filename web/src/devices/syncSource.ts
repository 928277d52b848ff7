// What the lock-sync dialog says when the bridge's scan fails: SPEC §8's "no data source" when there is no bridge or
// no Bluetooth adapter (the BLE lock kind unavailable), otherwise the bridge's own words.
import { BridgeError } from '../bridge/client.ts'
import type { Translate } from '../i18n/translate.ts'

export function scanFailureText(error: unknown, t: Translate): string {
  if (error instanceof BridgeError) {
    // Status 0: the bridge could not be reached at all; a 404: no bridge behind this origin.
    if (error.status === 0 || error.status === 404 || error.device?.code === 'unavailable')
      return t('devices.sync.noSource')
    if (error.message) return error.message
  }
  return t('devices.sync.noSource')
}
