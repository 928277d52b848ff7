// Delete with confirmation: asks in the console's words, deletes, shows the success text.
import { notifySuccess } from '../../api/success.ts'
import { t } from '../../i18n/t.ts'
import { confirmAction } from '../confirm.ts'

/** Resolves true when the records were deleted; false when the user cancelled. Rejects when the call failed. */
export async function confirmRemove(
  ids: readonly number[],
  remove: (ids: readonly number[]) => Promise<unknown>,
  name?: string,
): Promise<boolean> {
  if (ids.length === 0) return false
  const body =
    ids.length === 1 && name !== undefined
      ? t('crud.confirmDelete', [name])
      : t('crud.confirmDeleteMany', [ids.length])
  if (!(await confirmAction(body))) return false
  await remove(ids)
  notifySuccess('delete')
  return true
}
