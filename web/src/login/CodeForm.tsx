// Sign-in with a code sent by email or SMS; the username's format decides which (SPEC §5).
import { Button, Flex, Input, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { authApi } from '../api/auth.ts'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { AreaCodePicker, storedAreaCode } from './AreaCodePicker.tsx'
import { checkCodeRequest, phoneParam } from './codeRules.ts'
import { FormField } from './FieldError.tsx'
import { finishLogin } from './finish.ts'
import { accountKind, type Problem } from './rules.ts'
import { useCountdown } from './useCountdown.ts'

export const RESEND_SECONDS = 60

/** Sends a code for `purpose`; returns the problem to show, or null once sent. */
export async function sendCode(
  account: string,
  areaCode: string,
  purpose: 'login' | 'register',
): Promise<Problem | null> {
  const problem = checkCodeRequest(account, areaCode)
  if (problem) return problem
  const value = account.trim()
  if (accountKind(value) === 'email') await authApi.emailCode(value, purpose)
  else await authApi.phoneCode(phoneParam(areaCode, value), purpose)
  return null
}

export function CodeForm() {
  const t = useT()
  const [, navigate] = useLocation()
  const [account, setAccount] = useState('')
  const [areaCode, setAreaCode] = useState(storedAreaCode)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)
  const [left, start] = useCountdown()
  const kind = accountKind(account)

  const request = async () => {
    try {
      const p = await sendCode(account, areaCode, 'login')
      setProblem(p)
      if (p) return
      feedback.toast('success', t('console.login.codeSent'))
      start(RESEND_SECONDS)
    } catch {
      // The request layer has shown the reason.
    }
  }

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault()
    const p =
      checkCodeRequest(account, areaCode) ?? (code.trim() ? null : { key: 'console.login.authCodeEmpty' })
    setProblem(p)
    if (p) return
    setBusy(true)
    try {
      const res = await authApi.codeLogin({
        username: account.trim(),
        code: code.trim(),
        areaCode: kind === 'phone' ? areaCode : undefined,
      })
      finishLogin(res.data, navigate)
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const accountError =
    problem && problem.key !== 'console.login.authCodeEmpty' ? t(problem.key, problem.params) : undefined
  return (
    <form onSubmit={onSubmit} noValidate data-testid="code-form">
      <Stack gap="4">
        <FormField label={t('console.login.phoneOrEmail')} error={accountError}>
          <Flex gap="2" w="full">
            {kind !== 'email' && <AreaCodePicker value={areaCode} onChange={setAreaCode} />}
            <Input
              name="account"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              autoComplete="username"
            />
          </Flex>
        </FormField>
        <FormField
          label={t('console.login.authCode')}
          error={problem?.key === 'console.login.authCodeEmpty' ? t(problem.key) : undefined}
        >
          <Flex gap="2" w="full">
            <Input
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
            />
            <Button
              variant="outline"
              disabled={left > 0}
              onClick={() => void request()}
              data-testid="send-code"
            >
              {left > 0 ? t('console.login.resendIn', [left]) : t('console.login.sendCode')}
            </Button>
          </Flex>
        </FormField>
        <Button type="submit" loading={busy} loadingText={t('console.login.submitting')}>
          {t('console.login.submit')}
        </Button>
      </Stack>
    </form>
  )
}
