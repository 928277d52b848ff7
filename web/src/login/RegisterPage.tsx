// /register in steps: verify an email or phone with a code, set a password, done (SPEC §5).
import { Button, Flex, Input, Stack, Steps, Text } from '@chakra-ui/react'
import type { LoginResult } from '@pms/protocol'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { authApi } from '../api/auth.ts'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { AreaCodePicker, storedAreaCode } from './AreaCodePicker.tsx'
import { RESEND_SECONDS, sendCode } from './CodeForm.tsx'
import { checkCodeRequest } from './codeRules.ts'
import { FormField } from './FieldError.tsx'
import { finishLogin } from './finish.ts'
import { LoginShell } from './LoginShell.tsx'
import { accountKind, checkPasswordPair, type Problem } from './rules.ts'
import { useCountdown } from './useCountdown.ts'

const USERNAME = /^[A-Za-z0-9_.@-]{2,30}$/
const steps = ['console.register.stepAccount', 'console.register.stepPassword', 'console.register.stepDone']

export default function RegisterPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const [step, setStep] = useState(0)
  const [form, setForm] = useState({ username: '', account: '', code: '', password: '', confirm: '' })
  const [areaCode, setAreaCode] = useState(storedAreaCode)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<LoginResult | undefined>()
  const [left, start] = useCountdown()
  const field = (k: keyof typeof form) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value }),
  })
  const kind = accountKind(form.account)

  const checkAccount = (): Problem | null =>
    USERNAME.test(form.username)
      ? (checkCodeRequest(form.account, areaCode) ??
        (form.code.trim() ? null : { key: 'console.login.authCodeEmpty' }))
      : { key: 'console.register.usernameRule' }

  const send = async () => {
    try {
      const p = await sendCode(form.account, areaCode, 'register')
      setProblem(p)
      if (p) return
      feedback.toast('success', t('console.login.codeSent'))
      start(RESEND_SECONDS)
    } catch {
      // Shown by the request layer.
    }
  }

  const next = () => {
    const p = checkAccount()
    setProblem(p)
    if (!p) setStep(1)
  }

  const submit = async () => {
    const p = checkPasswordPair(form.password, form.confirm)
    setProblem(p)
    if (p) return
    setBusy(true)
    try {
      const account = form.account.trim()
      const res = await authApi.register({
        username: form.username,
        password: form.password,
        confirmPassword: form.confirm,
        code: form.code.trim(),
        ...(kind === 'email' ? { email: account } : { phone: account, areaCode }),
      })
      setResult(res.data)
      setStep(2)
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const msg = problem ? t(problem.key, problem.params) : undefined
  return (
    <LoginShell
      title={t('console.register.title')}
      links={[{ href: '/login', label: 'console.register.toLogin' }]}
    >
      <Steps.Root step={step} count={steps.length} size="sm" mb="5">
        <Steps.List>
          {steps.map((s, i) => (
            <Steps.Item key={s} index={i}>
              <Steps.Indicator />
              <Steps.Title>{t(s)}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      {step === 0 && (
        <Stack gap="4">
          <FormField label={t('console.register.username')}>
            <Input name="username" {...field('username')} />
          </FormField>
          <FormField label={t('console.login.phoneOrEmail')}>
            <Flex gap="2" w="full">
              {kind !== 'email' && <AreaCodePicker value={areaCode} onChange={setAreaCode} />}
              <Input name="account" {...field('account')} />
            </Flex>
          </FormField>
          <FormField label={t('console.login.authCode')} error={msg}>
            <Flex gap="2" w="full">
              <Input name="code" {...field('code')} />
              <Button variant="outline" disabled={left > 0} onClick={() => void send()}>
                {left > 0 ? t('console.login.resendIn', [left]) : t('console.login.sendCode')}
              </Button>
            </Flex>
          </FormField>
          <Button onClick={next}>{t('console.register.next')}</Button>
        </Stack>
      )}
      {step === 1 && (
        <Stack gap="4">
          <FormField label={t('console.login.password')}>
            <Input type="password" autoComplete="new-password" {...field('password')} />
          </FormField>
          <FormField label={t('console.register.confirmPassword')} error={msg}>
            <Input type="password" autoComplete="new-password" {...field('confirm')} />
          </FormField>
          <Flex gap="2">
            <Button variant="outline" onClick={() => setStep(0)}>
              {t('console.register.prev')}
            </Button>
            <Button flex="1" loading={busy} onClick={() => void submit()}>
              {t('console.register.submit')}
            </Button>
          </Flex>
        </Stack>
      )}
      {step === 2 && (
        <Stack gap="4" align="center">
          <Text data-testid="register-success">{t('console.register.success', [form.username])}</Text>
          <Button onClick={() => finishLogin(result, navigate)} disabled={!result}>
            {t('console.register.enter')}
          </Button>
        </Stack>
      )}
    </LoginShell>
  )
}
