// /login: staff sign-in by password, by email/SMS code, or by QR code.
import { Spinner, Tabs } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { authApi } from '../api/auth.ts'
import { useT } from '../i18n/t.ts'
import { LoginShell } from './LoginShell.tsx'
import { PasswordForm } from './PasswordForm.tsx'

// The code and QR ways load when their tab opens: the password form is what most sign-ins need.
const CodeForm = lazy(() => import('./CodeForm.tsx').then((m) => ({ default: m.CodeForm })))
const QrPanel = lazy(() => import('./QrPanel.tsx').then((m) => ({ default: m.QrPanel })))

export default function LoginPage() {
  const t = useT()
  return (
    <LoginShell
      title={t('console.login.title')}
      links={[
        { href: '/register', label: 'console.login.toRegister' },
        { href: '/admin', label: 'console.login.toAdmin' },
      ]}
    >
      <Tabs.Root defaultValue="password" variant="line" lazyMount unmountOnExit fitted>
        <Tabs.List mb="4">
          <Tabs.Trigger value="password" data-testid="tab-password">
            {t('console.login.tabPassword')}
          </Tabs.Trigger>
          <Tabs.Trigger value="code" data-testid="tab-code">
            {t('console.login.tabCode')}
          </Tabs.Trigger>
          <Tabs.Trigger value="qr" data-testid="tab-qr">
            {t('console.login.tabQr')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="password">
          <PasswordForm submit={authApi.staffLogin} />
        </Tabs.Content>
        <Tabs.Content value="code">
          <Suspense fallback={<Spinner />}>
            <CodeForm />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="qr">
          <Suspense fallback={<Spinner />}>
            <QrPanel />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </LoginShell>
  )
}
