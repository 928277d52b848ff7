// The property's member settings (stored in its configuration, `members`): which account a balance payment spends
// first, how many points make one currency unit, the share of a folio points may pay, and how long points last.
// Shown to those who may change the property's configuration.
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { PropertyPermission } from '@pms/protocol/api/properties'
import type { MemberSettings } from '@pms/protocol/members/ledger'
import { useEffect, useState } from 'react'
import { http } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { SelectField, TextField } from '../front-desk/Fields.tsx'
import type { FieldError } from '../front-desk/reservations/reserveForm.ts'
import { useT } from '../i18n/t.ts'
import { useSession } from '../session/store.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { memberApi } from './api.ts'

type Numbers = 'pointsPerUnit' | 'pointsPayCapPercent' | 'pointsValidityMonths'
const BOUNDS: Record<Numbers, [number, number]> = {
  pointsPerUnit: [0, 1_000_000],
  pointsPayCapPercent: [0, 100],
  pointsValidityMonths: [0, 120],
}

export function MemberSettingsButton() {
  const t = useT()
  const permissions = usePermissions()
  const [open, setOpen] = useState(false)
  if (!hasPermission({ permissions }, [PropertyPermission.config])) return null
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="member-settings">
        {t('members.settings.button')}
      </Button>
      <MemberSettingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}

function MemberSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const { propertyId } = useSession()
  const [form, setForm] = useState<Record<string, string> | null>(null)
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setErrors({})
    memberApi
      .settings()
      .then((res) => {
        const s = res.data
        if (s)
          setForm({
            spendOrder: s.spendOrder,
            pointsPerUnit: String(s.pointsPerUnit),
            pointsPayCapPercent: String(s.pointsPayCapPercent),
            pointsValidityMonths: String(s.pointsValidityMonths),
          })
      })
      .catch(() => setForm(null))
  }, [open])

  const save = async () => {
    if (!form) return
    const next: Record<string, FieldError> = {}
    const members: Partial<MemberSettings> = { spendOrder: form.spendOrder as MemberSettings['spendOrder'] }
    for (const [name, [min, max]] of Object.entries(BOUNDS) as Array<[Numbers, [number, number]]>) {
      const text = form[name]!.trim()
      const n = Number(text)
      if (!/^\d+$/.test(text) || n < min || n > max)
        next[name] = { key: 'validation.maximum', params: [t(`members.settings.${name}`), max] }
      else members[name] = n
    }
    setErrors(next)
    if (Object.keys(next).length) return
    setBusy(true)
    try {
      await http.put('/pms/pmsProperty/propertyConfig', { propertyId, members })
      notifySuccess('operation')
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const set = (name: string) => (value: string) => setForm((f) => (f ? { ...f, [name]: value } : f))
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="member-settings-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('members.settings.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {form && (
                <Stack gap="3">
                  <SelectField
                    label={t('members.settings.spendOrder')}
                    value={form.spendOrder!}
                    onChange={set('spendOrder')}
                    options={[
                      { value: 'baseFirst', label: t('members.settings.baseFirst') },
                      { value: 'giftFirst', label: t('members.settings.giftFirst') },
                    ]}
                    testId="member-settings-spendOrder"
                  />
                  {(Object.keys(BOUNDS) as Numbers[]).map((name) => (
                    <TextField
                      key={name}
                      label={t(`members.settings.${name}`)}
                      value={form[name]!}
                      onChange={set(name)}
                      error={errors[name]}
                      testId={`member-settings-${name}`}
                    />
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                disabled={!form}
                onClick={() => void save()}
                data-testid="member-settings-save"
              >
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
