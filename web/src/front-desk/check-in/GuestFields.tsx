// The fields of one guest (name, ID type and number, phone, main guest), with their messages.
import { Checkbox, SimpleGrid } from '@chakra-ui/react'
import { useT } from '../../i18n/t.ts'
import { SelectField, TextField } from '../Fields.tsx'
import type { FieldError } from '../reservations/reserveForm.ts'
import { GUEST_ID_TYPES, type GuestForm } from './guestRules.ts'

interface Props {
  value: GuestForm
  errors?: Record<string, FieldError>
  onChange: (next: GuestForm) => void
  /** Prefix of the test ids, e.g. 'guest-0'. */
  testId: string
}

export function GuestFields({ value, errors = {}, onChange, testId }: Props) {
  const t = useT()
  const set = (patch: Partial<GuestForm>) => onChange({ ...value, ...patch })
  return (
    <SimpleGrid columns={{ base: 1, md: 5 }} gap="2" alignItems="end" data-testid={testId}>
      <TextField
        label={t('frontDeskConsole.field.guestName')}
        value={value.name}
        onChange={(v) => set({ name: v })}
        error={errors.name}
        required
        testId={`${testId}-name`}
      />
      <SelectField
        label={t('frontDeskConsole.field.idType')}
        value={value.idType}
        options={GUEST_ID_TYPES.map((i) => ({ value: i, label: t(`frontDeskConsole.idType.${i}`) }))}
        onChange={(v) => set({ idType: v as GuestForm['idType'] })}
        testId={`${testId}-idType`}
      />
      <TextField
        label={t('frontDeskConsole.field.idNo')}
        value={value.idNo}
        onChange={(v) => set({ idNo: v })}
        error={errors.idNo}
        testId={`${testId}-idNo`}
      />
      <TextField
        label={t('frontDeskConsole.field.phone')}
        value={value.phone}
        onChange={(v) => set({ phone: v })}
        error={errors.phone}
        testId={`${testId}-phone`}
      />
      <Checkbox.Root checked={value.main} onCheckedChange={(e) => set({ main: e.checked === true })} pb="2">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('frontDeskConsole.field.mainGuest')}</Checkbox.Label>
      </Checkbox.Root>
    </SimpleGrid>
  )
}
