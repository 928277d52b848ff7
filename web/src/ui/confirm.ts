// A confirm dialog in the console's words: system tip title, OK and cancel.
import { feedback } from '../api/feedback.ts'
import { t } from '../i18n/t.ts'

export function confirmAction(body: string): Promise<boolean> {
  return feedback.confirm({
    title: t('console.dialog.systemTip'),
    body,
    confirmText: t('console.dialog.confirm'),
    cancelText: t('console.dialog.cancel'),
  })
}
