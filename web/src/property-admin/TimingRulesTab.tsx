// Timing rules of the current property (SPEC §9): daily check-out time, hour-room unit, fixed or 24-hour check-out,
// overtime rules, longest stay and overbooking allowance, points rule, rooms shown online and online booking, and
// whether money at the desk needs an open cashier shift; saved with PUT propertyConfig.
import {
  Button,
  Field,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react'
import type { PropertyConfig } from '@pms/protocol/api/properties'
import { useCallback, useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { refreshBusinessDate } from '../session/store.ts'
import { formatDateTime } from '../ui/format.ts'
import { propertyAdminApi } from './api.ts'
import {
  AVAILABILITY_RULES,
  CHECK_OUT_MODES,
  label,
  OVERTIME_MODES,
  type TimingErrors,
  type TimingForm,
  timingBody,
  timingForm,
} from './timing.ts'

type TextField = Exclude<
  keyof TimingForm,
  'onlineBooking' | 'requireShift' | 'checkOutMode' | 'overtimeMode' | 'availabilityRule'
>

export function TimingRulesTab({ propertyId }: { propertyId: number }) {
  const t = useT()
  const [config, setConfig] = useState<PropertyConfig | null>(null)
  const [form, setForm] = useState<TimingForm | null>(null)
  const [errors, setErrors] = useState<TimingErrors>({})
  const [saving, setSaving] = useState(false)

  const load = useCallback(async () => {
    try {
      const data = (await propertyAdminApi.config(propertyId)).data ?? null
      setConfig(data)
      setForm(data && timingForm(data))
    } catch {
      // Shown by the request layer.
    }
  }, [propertyId])
  useEffect(() => {
    void load()
  }, [load])

  if (!form) return null
  const set = <K extends keyof TimingForm>(k: K, v: TimingForm[K]) => setForm({ ...form, [k]: v })

  const field = (name: TextField, props: { type?: string; suffix?: string } = {}) => (
    <Field.Root invalid={Boolean(errors[name])}>
      <Field.Label>
        {t(label(name))}
        {props.suffix && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({t(props.suffix)})
          </Text>
        )}
      </Field.Label>
      <Input
        size="sm"
        type={props.type ?? 'text'}
        name={name}
        data-testid={`timing-${name}`}
        value={form[name]}
        onChange={(e) => set(name, e.target.value)}
      />
      {errors[name] && <Field.ErrorText data-testid="field-error">{errors[name]}</Field.ErrorText>}
    </Field.Root>
  )
  const select = <K extends 'checkOutMode' | 'overtimeMode' | 'availabilityRule'>(
    name: K,
    options: readonly TimingForm[K][],
  ) => (
    <Field.Root>
      <Field.Label>{t(label(name))}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          data-testid={`timing-${name}`}
          value={form[name]}
          onChange={(e) => set(name, e.target.value as TimingForm[K])}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {t(`propertyConsole.timing.${name}.${o}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    const result = timingBody(form, t)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    setSaving(true)
    try {
      const saved = (await propertyAdminApi.saveConfig({ propertyId, ...result.body })).data
      notifySuccess('edit')
      // The console's clock (zone, check-out time) is the current property's: read again in case it was this one.
      void refreshBusinessDate()
      if (saved) {
        setConfig(saved)
        setForm(timingForm(saved))
      } else await load()
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false)
    }
  }

  const minutes = 'propertyConsole.timing.minutes'
  const money = 'propertyConsole.timing.yuan'
  return (
    <form onSubmit={save} noValidate data-testid="timing-form">
      <Stack gap="5" maxW="3xl">
        <Heading size="sm">{t('propertyConsole.timing.checkOut')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {select('checkOutMode', CHECK_OUT_MODES)}
          {field('checkOutTime', { type: 'time' })}
          {field('hourUnitMinutes', { suffix: minutes })}
        </SimpleGrid>
        <Heading size="sm">{t('propertyConsole.timing.overtime')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {select('overtimeMode', OVERTIME_MODES)}
          {form.overtimeMode === 'hourly' ? (
            <>
              {field('graceMinutes', { suffix: minutes })}
              {field('hourly', { suffix: money })}
              {field('cap', { suffix: money })}
            </>
          ) : (
            <>
              {field('afterMinutes', { suffix: minutes })}
              {field('fee', { suffix: money })}
            </>
          )}
          {field('fullDayAfterMinutes', { suffix: minutes })}
        </SimpleGrid>
        <Heading size="sm">{t('propertyConsole.timing.stays')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {field('maxNights', { suffix: 'propertyConsole.timing.nights' })}
          {field('overbookRooms', { suffix: 'propertyConsole.timing.roomsPerNight' })}
        </SimpleGrid>
        <Heading size="sm">{t('propertyConsole.timing.pointsAndOnline')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {field('points')}
          {field('per', { suffix: money })}
          {field('maxOnlineRooms')}
          <Field.Root>
            <Field.Label>{t(label('onlineBooking'))}</Field.Label>
            <Switch.Root
              checked={form.onlineBooking}
              onCheckedChange={(e) => set('onlineBooking', e.checked)}
            >
              <Switch.HiddenInput data-testid="timing-onlineBooking" />
              <Switch.Control />
            </Switch.Root>
          </Field.Root>
        </SimpleGrid>
        <Heading size="sm">{t('propertyConsole.timing.shifts')}</Heading>
        <Field.Root>
          <Switch.Root checked={form.requireShift} onCheckedChange={(e) => set('requireShift', e.checked)}>
            <Switch.HiddenInput data-testid="timing-requireShift" />
            <Switch.Control />
            <Switch.Label>{t(label('requireShift'))}</Switch.Label>
          </Switch.Root>
          <Field.HelperText>{t('propertyConsole.timing.requireShiftHelp')}</Field.HelperText>
        </Field.Root>
        <Heading size="sm">{t('propertyConsole.timing.reports')}</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {select('availabilityRule', AVAILABILITY_RULES)}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t('propertyConsole.timing.pointsRule', [form.points || '0', form.per || '0'])}
          {config?.updateTime
            ? ` · ${t('propertyConsole.timing.updated', [formatDateTime(config.updateTime)])}`
            : ''}
        </Text>
        <Button type="submit" size="sm" loading={saving} alignSelf="start" data-testid="timing-save">
          {t('crud.save')}
        </Button>
      </Stack>
    </form>
  )
}
