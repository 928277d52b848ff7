// Reset a user's password (6–20 characters); the user's sessions end on the server.
import type { SysUserView } from '@pms/protocol/api/system'
import { notifySuccess } from '../../api/success.ts'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../../ui/crud/fields.ts'
import { userApi } from './api.ts'

const FIELDS: FieldDef[] = [
  {
    name: 'password',
    label: 'adminConsole.user.newPassword',
    kind: 'password',
    required: true,
    minLength: 6,
    maxLength: 20,
  },
]

export function ResetPasswordDialog({ user, onClose }: { user: SysUserView | null; onClose: () => void }) {
  return (
    <FormDialog
      open={user !== null}
      mode="edit"
      entity="adminConsole.user.passwordOf"
      testId="user-reset-dialog"
      columns={1}
      fields={FIELDS}
      record={user ? { userId: user.userId } : undefined}
      onClose={onClose}
      onSubmit={async (body) => {
        await userApi.resetPassword(user!.userId, String(body.password))
        notifySuccess('edit')
      }}
    />
  )
}
