// Basic information of the current property: name, address, types, contacts (SPEC §3), saved with PUT /pms/pmsProperty.
import { Button, Field, SimpleGrid, Stack } from '@chakra-ui/react'
import type { DictData } from '@pms/protocol'
import type { PropertyView } from '@pms/protocol/api/properties'
import type { AddressValue } from '@pms/protocol/geo/regions'
import { useEffect, useMemo, useState } from 'react'
import { AddressPicker } from '../address/AddressPicker.tsx'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { loadProperties } from '../session/store.ts'
import { FieldInput } from '../ui/crud/FieldInput.tsx'
import { type FieldErrors, type FormValues, toFormValues, validateForm } from '../ui/crud/fields.ts'
import { propertyAdminApi } from './api.ts'
import { composeAddress, propertyBody, propertyFieldDefs } from './fields.ts'

interface Props {
  property: PropertyView
  types: readonly DictData[]
  onSaved: () => void
}

export function BasicInfoTab({ property, types, onSaved }: Props) {
  const t = useT()
  const defs = useMemo(() => propertyFieldDefs(types), [types])
  const [values, setValues] = useState<FormValues>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)
  // The picker composes a new address; the stored one stays in the text field until a region is chosen.
  const [picked, setPicked] = useState<AddressValue>({})

  useEffect(() => {
    setValues(toFormValues(defs, property as unknown as Record<string, unknown>))
    setErrors({})
    setPicked({})
  }, [defs, property])

  const pick = (value: AddressValue) => {
    setPicked(value)
    const composed = composeAddress(value)
    if (composed) setValues((s) => ({ ...s, address: composed }))
  }

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    const found = validateForm(defs, values, t)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      await propertyAdminApi.edit({ propertyId: property.propertyId, ...propertyBody(values) })
      notifySuccess('edit')
      onSaved()
      void loadProperties().catch(() => {})
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={save} noValidate data-testid="property-basic-form">
      <Stack gap="4" maxW="3xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root gridColumn={{ md: 'span 2' }}>
            <Field.Label>{t('propertyConsole.field.pickAddress')}</Field.Label>
            <AddressPicker
              value={picked}
              onChange={pick}
              detail
              inline
              clearable
              maxLength={100}
              testId="property-address"
            />
          </Field.Root>
          {defs.map((def) => (
            <FieldInput
              key={def.name}
              def={def}
              value={values[def.name]}
              error={errors[def.name]}
              onChange={(v) => setValues((s) => ({ ...s, [def.name]: v }))}
            />
          ))}
        </SimpleGrid>
        <Button type="submit" size="sm" loading={saving} alignSelf="start" data-testid="property-basic-save">
          {t('crud.save')}
        </Button>
      </Stack>
    </form>
  )
}
