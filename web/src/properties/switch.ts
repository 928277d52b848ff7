// The property switch flow of SPEC §4: confirm, server call, switch flag, reload.
import { authApi } from '../api/auth.ts'
import { feedback } from '../api/feedback.ts'
import { t } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'

const SWITCH_FLAG = 'property-switched'

/** Asks, switches on the server (which tells the user's other sessions), flags the switch and reloads. */
export async function switchProperty(propertyId: number, propertyName: string): Promise<boolean> {
  if (!(await confirmAction(t('console.property.switchConfirm', [propertyName])))) return false
  await authApi.switchProperty(propertyId)
  sessionStorage.setItem(SWITCH_FLAG, String(propertyId))
  location.reload()
  return true
}

/** After the reload: say the switch happened, once. */
export function announceSwitch(): void {
  if (!sessionStorage.getItem(SWITCH_FLAG)) return
  sessionStorage.removeItem(SWITCH_FLAG)
  feedback.toast('success', t('console.property.switched'))
}
