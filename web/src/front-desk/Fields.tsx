// Labelled inputs of the front-desk forms, each showing its FieldError translated.
import { Field, Input, NativeSelect, Switch, Textarea } from '@chakra-ui/react'
import { ORDER_CHANNELS } from '@pms/protocol/api/orders'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'
import type { FieldError } from './reservations/reserveForm.ts'

interface Base {
  label: string
  error?: FieldError
  required?: boolean
  testId: string
}

/** The translated text of an error; a parameter that is a field name is translated as a field label. */
export function useErrorText() {
  const t = useT()
  return (error: FieldError | undefined) =>
    error
      ? t(
          error.key,
          (error.params ?? []).map((p) =>
            typeof p === 'string' && /^[a-zA-Z]+$/.test(p) ? t(`frontDeskConsole.field.${p}`) : p,
          ),
        )
      : undefined
}

export function TextField(
  props: Base & {
    value: string
    onChange: (v: string) => void
    type?: string
    disabled?: boolean
    multiline?: boolean
    placeholder?: string
  },
) {
  const text = useErrorText()(props.error)
  return (
    <Field.Root invalid={Boolean(text)} required={props.required} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      {props.multiline ? (
        <Textarea
          size="sm"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      ) : (
        <Input
          size="sm"
          type={props.type ?? 'text'}
          value={props.value}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      )}
      {text && <Field.ErrorText>{text}</Field.ErrorText>}
    </Field.Root>
  )
}

export function SelectField(
  props: Base & {
    value: string
    onChange: (v: string) => void
    options: ReadonlyArray<{ value: string; label: string }>
    /** Text of the empty choice; omitted: no empty choice. */
    empty?: string
    disabled?: boolean
    children?: ReactNode
  },
) {
  const text = useErrorText()(props.error)
  return (
    <Field.Root invalid={Boolean(text)} required={props.required} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        >
          {props.empty !== undefined && <option value="">{props.empty}</option>}
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {text && <Field.ErrorText>{text}</Field.ErrorText>}
    </Field.Root>
  )
}

/** The order's distribution channel (ORDER_CHANNELS), offered by the reserve, walk-in and edit forms; empty: none. */
export function ChannelField(props: { value: string; onChange: (v: string) => void; testId: string }) {
  const t = useT()
  return (
    <SelectField
      label={t('frontDeskConsole.field.channel')}
      value={props.value}
      empty={t('crud.choose')}
      options={ORDER_CHANNELS.map((c) => ({ value: c, label: t(`frontDeskConsole.channel.${c}`) }))}
      onChange={props.onChange}
      testId={props.testId}
    />
  )
}

/** A labelled on/off switch of a desk form. */
export function SwitchField(props: {
  label: string
  checked: boolean
  onChange: (on: boolean) => void
  testId: string
}) {
  return (
    <Switch.Root
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(e.checked)}
      data-testid={props.testId}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  )
}
