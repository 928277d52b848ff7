// One form field of a crud dialog or search bar, drawn from its description (fields.ts), with its message.
import { Checkbox, Field, Flex, Input, NativeSelect, Switch, Textarea } from '@chakra-ui/react'
import { useId } from 'react'
import { useT } from '../../i18n/t.ts'
import type { FieldDef, FormValue, Option } from './fields.ts'
import { LookupInput, LookupListInput } from './LookupInput.tsx'

interface Props {
  def: FieldDef
  value: FormValue | undefined
  error?: string
  onChange: (value: FormValue) => void
  size?: 'xs' | 'sm' | 'md'
}

export function optionLabel(o: Option, t: (key: string) => string): string {
  return o.raw ? o.label : t(o.label)
}

export function FieldInput({ def, value, error, onChange, size = 'sm' }: Props) {
  const t = useT()
  const uid = useId()
  const testId = `field-${def.name}`
  const text = typeof value === 'string' ? value : ''
  let control: React.ReactNode
  switch (def.kind) {
    case 'textarea':
      control = (
        <Textarea size={size} data-testid={testId} value={text} onChange={(e) => onChange(e.target.value)} />
      )
      break
    case 'select':
      control = (
        <NativeSelect.Root size={size}>
          <NativeSelect.Field data-testid={testId} value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t(def.placeholder ?? 'crud.choose')}</option>
            {(def.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {optionLabel(o, t)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )
      break
    case 'lookup':
      control = (
        <LookupInput
          lookup={def.lookup!}
          value={text}
          onChange={onChange}
          testId={testId}
          size={size}
          invalid={Boolean(error)}
        />
      )
      break
    case 'multilookup':
      control = (
        <LookupListInput
          lookup={def.lookup!}
          value={Array.isArray(value) ? value : []}
          known={def.options}
          onChange={onChange}
          testId={testId}
          size={size}
          invalid={Boolean(error)}
        />
      )
      break
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : []
      control = (
        <Flex gap="3" wrap="wrap" data-testid={testId}>
          {(def.options ?? []).map((o) => (
            <Checkbox.Root
              key={o.value}
              size="sm"
              // Inside a Field every checkbox would take the field's one input id, so each label would toggle the
              // first box: each option gets its own.
              ids={{ hiddenInput: `${uid}-${o.value}` }}
              checked={chosen.includes(o.value)}
              onCheckedChange={(e) =>
                onChange(e.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{optionLabel(o, t)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      )
      break
    }
    case 'switch':
      control = (
        <Switch.Root size="sm" checked={value === true} onCheckedChange={(e) => onChange(e.checked)}>
          <Switch.HiddenInput data-testid={testId} />
          <Switch.Control />
          <Switch.Label>{t(value === true ? 'crud.yes' : 'crud.no')}</Switch.Label>
        </Switch.Root>
      )
      break
    default:
      control = (
        <Input
          size={size}
          data-testid={testId}
          type={def.kind === 'date' ? 'date' : def.kind === 'password' ? 'password' : undefined}
          autoComplete={def.kind === 'password' ? 'new-password' : undefined}
          inputMode={def.kind === 'money' ? 'decimal' : def.kind === 'integer' ? 'numeric' : undefined}
          placeholder={def.kind === 'money' ? '0.00' : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
  return (
    <Field.Root invalid={Boolean(error)} required={def.required}>
      <Field.Label fontSize="sm">
        {t(def.label)}
        {def.required && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      {error && <Field.ErrorText data-testid={`error-${def.name}`}>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
