// Change my avatar: images only, sent as multipart field `avatarfile`.
import { Avatar, Button, Stack } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { notifySuccess } from '../api/success.ts'
import { profileApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { refreshInfo } from '../session/store.ts'

export function isImage(file: File): boolean {
  return file.type.startsWith('image/')
}

interface Props {
  userType: number
  avatar: string
  name: string
  onDone: () => void
}

export function AvatarUpload({ userType, avatar, name, onDone }: Props) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (file: File | undefined) => {
    if (!file) return
    if (!isImage(file)) return feedback.toast('error', t('console.profile.imageOnly'))
    setBusy(true)
    try {
      await profileApi.avatar(userType, file)
      notifySuccess('edit')
      onDone()
      void refreshInfo().catch(() => {})
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <Stack align="center" gap="2">
      <Avatar.Root size="2xl">
        <Avatar.Fallback name={name} />
        {avatar && <Avatar.Image src={avatar} />}
      </Avatar.Root>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button size="xs" variant="outline" loading={busy} onClick={() => input.current?.click()}>
        {t('console.profile.avatar')}
      </Button>
    </Stack>
  )
}
