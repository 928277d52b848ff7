// Change my password: old password checked by the server, new one 6-20 characters and entered twice.
import { Button, Input, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { profileApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'
import { checkPasswordPair, type Problem } from '../login/rules.ts'

export function PasswordChange({ userType }: { userType: number }) {
  const t = useT()
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirm: '' })
  const [problem, setProblem] = useState<{ field: string; p: Problem } | null>(null)
  const [busy, setBusy] = useState(false)
  const bind = (k: keyof typeof form) => ({
    type: 'password',
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value }),
  })

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form.oldPassword) return setProblem({ field: 'old', p: { key: 'console.profile.oldPasswordEmpty' } })
    const p = checkPasswordPair(form.newPassword, form.confirm)
    setProblem(p ? { field: p.key === 'console.register.passwordMismatch' ? 'confirm' : 'new', p } : null)
    if (p) return
    setBusy(true)
    try {
      await profileApi.updatePassword(userType, form.oldPassword, form.newPassword)
      notifySuccess('edit')
      setForm({ oldPassword: '', newPassword: '', confirm: '' })
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  const err = (field: string) => (problem?.field === field ? t(problem.p.key) : undefined)
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="4" maxW="md" pt="3">
        <FormField label={t('console.profile.oldPassword')} error={err('old')}>
          <Input autoComplete="current-password" {...bind('oldPassword')} />
        </FormField>
        <FormField label={t('console.profile.newPassword')} error={err('new')}>
          <Input autoComplete="new-password" {...bind('newPassword')} />
        </FormField>
        <FormField label={t('console.register.confirmPassword')} error={err('confirm')}>
          <Input autoComplete="new-password" {...bind('confirm')} />
        </FormField>
        <Button type="submit" loading={busy} alignSelf="start">
          {t('console.profile.save')}
        </Button>
      </Stack>
    </form>
  )
}
