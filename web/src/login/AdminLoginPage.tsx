// /admin: the platform administrators' sign-in (user type 1).
import { authApi } from '../api/auth.ts'
import { useT } from '../i18n/t.ts'
import { LoginShell } from './LoginShell.tsx'
import { PasswordForm } from './PasswordForm.tsx'

export default function AdminLoginPage() {
  const t = useT()
  return (
    <LoginShell
      title={t('console.login.adminTitle')}
      links={[{ href: '/login', label: 'console.login.toUser' }]}
    >
      <PasswordForm submit={authApi.platformLogin} />
    </LoginShell>
  )
}
