// The success texts of SPEC §8, shown after an add, edit, delete or other operation.
import { t } from '../i18n/t.ts'
import { feedback } from './feedback.ts'

export const successText = {
  operation: 'common.success',
  add: 'common.addSuccess',
  edit: 'common.editSuccess',
  delete: 'common.deleteSuccess',
} as const

export function notifySuccess(kind: keyof typeof successText): void {
  feedback.toast('success', t(successText[kind]))
}
