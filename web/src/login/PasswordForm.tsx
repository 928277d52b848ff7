// Sign-in by account and password, with the image captcha when the server has it on (SPEC §5).
import { Button, Flex, Image, Input, Stack } from '@chakra-ui/react'
import type { LoginResult, PasswordLoginBody, Result } from '@pms/protocol'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { authApi, unwrapCaptcha } from '../api/auth.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from './FieldError.tsx'
import { finishLogin } from './finish.ts'
import { checkPasswordLogin, type Problem } from './rules.ts'

interface Props {
  submit: (body: PasswordLoginBody) => Promise<Result<LoginResult>>
}

export function PasswordForm({ submit }: Props) {
  const t = useT()
  const [, navigate] = useLocation()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [captcha, setCaptcha] = useState<{ uuid?: string; img?: string } | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [busy, setBusy] = useState(false)

  const refreshCaptcha = useCallback(async () => {
    const c = await authApi.captcha().then(unwrapCaptcha, () => null)
    setCaptcha(c?.captchaEnabled ? { uuid: c.uuid, img: c.img } : null)
    setCode('')
  }, [])
  useEffect(() => {
    void refreshCaptcha()
  }, [refreshCaptcha])

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault()
    const p = checkPasswordLogin(username, password, captcha ? code : null)
    setProblem(p)
    if (p) return
    setBusy(true)
    try {
      const res = await submit({
        username: username.trim(),
        password,
        code: captcha ? code : undefined,
        uuid: captcha?.uuid,
      })
      finishLogin(res.data, navigate)
    } catch {
      if (captcha) await refreshCaptcha()
    } finally {
      setBusy(false)
    }
  }

  const err = (keys: string[]) =>
    problem && keys.includes(problem.key) ? t(problem.key, problem.params) : undefined
  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Stack gap="4">
        <FormField label={t('console.login.username')} error={err(['console.login.accountEmpty'])}>
          <Input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormField>
        <FormField label={t('console.login.password')} error={err(['console.login.passwordEmpty'])}>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        {captcha && (
          <FormField label={t('console.login.captcha')} error={err(['console.login.captchaEmpty'])}>
            <Flex gap="2" w="full">
              <Input name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
              {captcha.img && (
                <Image
                  src={captcha.img}
                  alt={t('console.login.captcha')}
                  title={t('console.login.captchaRefresh')}
                  h="40px"
                  cursor="pointer"
                  onClick={() => void refreshCaptcha()}
                />
              )}
            </Flex>
          </FormField>
        )}
        <Button
          type="submit"
          loading={busy}
          loadingText={t('console.login.submitting')}
          data-testid="login-submit"
        >
          {t('console.login.submit')}
        </Button>
      </Stack>
    </form>
  )
}
