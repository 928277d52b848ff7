// Edit nickname, phone, email and gender of the signed-in user.
import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { type Profile, profileApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'
import { refreshInfo } from '../session/store.ts'

interface Props {
  userType: number
  profile: Profile
  onSaved: () => void
}

export function ProfileForm({ userType, profile, onSaved }: Props) {
  const t = useT()
  const [form, setForm] = useState({
    nickName: profile.nickName ?? '',
    phonenumber: profile.phonenumber ?? '',
    email: profile.email ?? '',
    sex: profile.sex ?? '0',
  })
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const bind = (k: 'nickName' | 'phonenumber' | 'email') => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value }),
  })

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form.nickName.trim()) return setError(t('console.profile.nickNameEmpty'))
    setError(undefined)
    setBusy(true)
    try {
      await profileApi.update(userType, { ...form, nickName: form.nickName.trim() })
      notifySuccess('edit')
      onSaved()
      void refreshInfo().catch(() => {})
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="4" maxW="md" pt="3">
        <FormField label={t('console.profile.nickName')} error={error}>
          <Input name="nickName" {...bind('nickName')} />
        </FormField>
        <FormField label={t('console.profile.phone')}>
          <Input name="phonenumber" {...bind('phonenumber')} />
        </FormField>
        <FormField label={t('console.profile.email')}>
          <Input name="email" type="email" {...bind('email')} />
        </FormField>
        <FormField label={t('console.profile.sex')}>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.sex} onChange={(e) => setForm({ ...form, sex: e.target.value })}>
              <option value="0">{t('console.profile.male')}</option>
              <option value="1">{t('console.profile.female')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button type="submit" loading={busy} alignSelf="start">
          {t('console.profile.save')}
        </Button>
      </Stack>
    </form>
  )
}
