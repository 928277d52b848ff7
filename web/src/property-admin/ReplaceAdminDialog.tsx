// Replacing a property's admin (SPEC §6): the current admin, from the property's bound users, hands over to another
// registered user, found by typing part of the user name (the platform's registered users are too many for a list).
import { Button, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react'
import type { PropertyUserBrief, PropertyView } from '@pms/protocol/api/properties'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { crudApi } from '../ui/crud/api.ts'
import { LOOKUP_MATCHES, LookupInput } from '../ui/crud/LookupInput.tsx'
import { userLabel } from '../ui/format.ts'
import { propertyAdminApi } from './api.ts'

interface RegisteredUser {
  userId: number
  userName: string
  nickName: string
}

const usersApi = crudApi<RegisteredUser>('/system/user')

interface Props {
  property: PropertyView | null
  onClose: () => void
  onSaved: () => void
}

export function ReplaceAdminDialog({ property, onClose, onSaved }: Props) {
  const t = useT()
  const [admins, setAdmins] = useState<PropertyUserBrief[]>([])
  const [oldId, setOldId] = useState('')
  const [newId, setNewId] = useState('')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    setOldId('')
    setNewId('')
    setError(undefined)
    if (!property) return
    propertyAdminApi
      .listAllByAdminOrCreator()
      .then((res) => {
        const found = (res.data ?? []).find((p) => p.propertyId === property.propertyId)
        const list = found?.users.filter((u) => u.admin) ?? []
        setAdmins(list)
        if (list.length === 1) setOldId(String(list[0]!.userId))
      })
      .catch(() => setAdmins([]))
  }, [property])

  /** Registered users whose user name holds the keyword, the current admin left out. */
  const registeredUsers = {
    search: async (keyword: string) =>
      (
        await usersApi.list({ userType: 2, userName: keyword, pageSize: LOOKUP_MATCHES }, { quiet: true })
      ).rows
        .filter((u) => String(u.userId) !== oldId)
        .map((u) => ({ value: String(u.userId), label: userLabel(u), raw: true })),
  }

  const save = async () => {
    if (!property) return
    if (!oldId) return setError(t('validation.required', [t('propertyConsole.admin.oldAdmin')]))
    if (!newId) return setError(t('validation.required', [t('propertyConsole.admin.newAdmin')]))
    if (oldId === newId) return setError(t('propertyConsole.admin.sameAdmin'))
    setSaving(true)
    try {
      await propertyAdminApi.replaceAdmin(Number(oldId), Number(newId), property.propertyId)
      notifySuccess('edit')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false)
    }
  }

  const select = (
    value: string,
    onChange: (v: string) => void,
    options: { userId: number; userName: string; nickName: string }[],
    testId: string,
  ) => (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('crud.choose')}</option>
        {options.map((u) => (
          <option key={u.userId} value={u.userId}>
            {userLabel(u)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )

  return (
    <Dialog.Root open={property !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="replace-admin-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('propertyConsole.admin.replaceTitle', [property?.propertyName ?? ''])}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>{t('propertyConsole.admin.oldAdmin')}</Field.Label>
                  {select(oldId, setOldId, admins, 'replace-old')}
                </Field.Root>
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>{t('propertyConsole.admin.newAdmin')}</Field.Label>
                  <LookupInput
                    lookup={registeredUsers}
                    value={newId}
                    onChange={setNewId}
                    testId="replace-new"
                    invalid={Boolean(error)}
                  />
                  {error && <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>}
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button size="sm" loading={saving} onClick={() => void save()} data-testid="replace-save">
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
