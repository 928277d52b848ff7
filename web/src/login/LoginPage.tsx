// /login: staff sign-in by password, by email/SMS code, or by QR code.
import { lazy, Suspense, useState } from 'react'
import { authApi } from '../api/auth.ts'
import { WithChakra } from '../app/chakra.ts'
import { useT } from '../i18n/t.ts'
import { LoginShell } from './LoginShell.tsx'
import { PasswordForm } from './PasswordForm.tsx'

// The code and QR ways load when their tab opens, with the UI library they draw with: the password form is what
// most sign-ins need, and it is plain.
const CodeForm = lazy(() => import('./CodeForm.tsx').then((m) => ({ default: m.CodeForm })))
const QrPanel = lazy(() => import('./QrPanel.tsx').then((m) => ({ default: m.QrPanel })))

const WAYS = [
  { value: 'password', label: 'console.login.tabPassword' },
  { value: 'code', label: 'console.login.tabCode' },
  { value: 'qr', label: 'console.login.tabQr' },
] as const
type Way = (typeof WAYS)[number]['value']

export default function LoginPage() {
  const t = useT()
  const [way, setWay] = useState<Way>('password')
  return (
    <LoginShell
      title={t('console.login.title')}
      links={[
        { href: '/register', label: 'console.login.toRegister' },
        { href: '/admin', label: 'console.login.toAdmin' },
      ]}
    >
      <div className="login-tabs" role="tablist">
        {WAYS.map((w) => (
          <button
            key={w.value}
            type="button"
            role="tab"
            id={`login-tab-${w.value}`}
            aria-selected={way === w.value}
            aria-controls="login-way"
            data-testid={`tab-${w.value}`}
            onClick={() => setWay(w.value)}
          >
            {t(w.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="login-way" aria-labelledby={`login-tab-${way}`}>
        {way === 'password' ? (
          <PasswordForm submit={authApi.staffLogin} />
        ) : (
          <Suspense fallback={<div className="page-loading" />}>
            <WithChakra>{way === 'code' ? <CodeForm /> : <QrPanel />}</WithChakra>
          </Suspense>
        )}
      </div>
    </LoginShell>
  )
}
