// A form field with its label and its validation message.
import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function FormField({
  label,
  error,
  children,
}: {
  label: string
  error?: string
  children: ReactNode
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error && <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>}
    </Field.Root>
  )
}
