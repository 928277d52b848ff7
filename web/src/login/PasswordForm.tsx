// Sign-in by account and password, with the image captcha when the server has it on (SPEC §5). Plain elements
// styled by login.css: this form is the first thing a desk loads.
import type { LoginResult, PasswordLoginBody, Result } from '@pms/protocol'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { authApi, unwrapCaptcha } from '../api/auth.ts'
import { useT } from '../i18n/t.ts'
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
    <form onSubmit={onSubmit} noValidate data-testid="password-form" className="login-form">
      <PlainField
        name="username"
        label={t('console.login.username')}
        error={err(['console.login.accountEmpty'])}
      >
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </PlainField>
      <PlainField
        name="password"
        label={t('console.login.password')}
        error={err(['console.login.passwordEmpty'])}
      >
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </PlainField>
      {captcha && (
        <PlainField
          name="code"
          label={t('console.login.captcha')}
          error={err(['console.login.captchaEmpty'])}
        >
          <div className="login-captcha">
            <input
              id="login-code"
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
            />
            {captcha.img && (
              <img
                src={captcha.img}
                alt={t('console.login.captcha')}
                title={t('console.login.captchaRefresh')}
                onClick={() => void refreshCaptcha()}
              />
            )}
          </div>
        </PlainField>
      )}
      <button
        type="submit"
        className="login-submit"
        disabled={busy}
        aria-busy={busy}
        data-testid="login-submit"
      >
        {busy ? t('console.login.submitting') : t('console.login.submit')}
      </button>
    </form>
  )
}

/** A labelled field and its validation message (the console's FormField without the UI library). */
function PlainField({
  name,
  label,
  error,
  children,
}: {
  name: string
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="login-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={`login-${name}`}>{label}</label>
      {children}
      {error && (
        <div className="login-field-error" data-testid="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  )
}
