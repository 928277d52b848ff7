// The add/edit dialog of the crud kit: fields from their descriptions, checked on save with the packs' messages;
// the screen's own parts (e.g. inline child rows) go in as children and are checked by `validateExtra`.
import { Button, Dialog, Portal, SimpleGrid, Stack } from '@chakra-ui/react'
import { type ReactNode, useEffect, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import { FieldInput } from './FieldInput.tsx'
import {
  type FieldDef,
  type FieldErrors,
  type FormValues,
  toBody,
  toFormValues,
  validateForm,
} from './fields.ts'

export interface FormDialogProps {
  open: boolean
  mode: 'add' | 'edit'
  /** Language-pack key naming the record, e.g. 'entity.area' → 'Add area'. */
  entity: string
  fields: readonly FieldDef[]
  /** The stored record being edited (its fields seed the form). */
  record?: Record<string, unknown>
  onClose: () => void
  /** Gets the checked body; resolves when saved (the dialog then closes), rejects to stay open. */
  onSubmit: (body: Record<string, unknown>, values: FormValues) => Promise<void>
  /** Checks the screen's own parts; false keeps the dialog open. */
  validateExtra?: () => boolean
  children?: ReactNode
  columns?: 1 | 2
  /** Called with the live values, e.g. to narrow another field's options. */
  onValues?: (values: FormValues) => void
  testId?: string
  /** Pack key of a title of its own (e.g. 'gen.importTitle'), for a dialog that is not adding or editing a record. */
  title?: string
  /** Pack key of the save button's own label (e.g. 'gen.import'); 'crud.save' when absent. */
  saveLabel?: string
}

export function FormDialog(props: FormDialogProps) {
  const { open, mode, entity, fields, record, onClose, onSubmit, validateExtra, children, onValues } = props
  const t = useT()
  const visible = fields.filter((f) => !f.only || f.only === mode)
  const [values, setValues] = useState<FormValues>({})
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saving, setSaving] = useState(false)

  // The form is seeded each time the dialog opens (or gets another record), not on every render of its parent. It is
  // seeded while rendering, before its inputs are first drawn: seeded in an effect, the inputs were drawn empty first
  // and what was typed before the effect ran was overwritten by the record's values (a browser test's fill was lost).
  const seedKey = open ? JSON.stringify(record ?? null) : ''
  const [seededFor, setSeededFor] = useState('')
  if (seedKey !== seededFor) {
    // React draws again at once with these states, before anything of this render reaches the screen.
    setSeededFor(seedKey)
    if (seedKey) {
      setValues(toFormValues(fields, record))
      setErrors({})
    }
  }
  // The parent hears of the seeded values after this render (a parent's state is not set while a child renders).
  // biome-ignore lint/correctness/useExhaustiveDependencies: seedKey stands for open + record.
  useEffect(() => {
    if (seedKey) onValues?.(values)
  }, [seedKey])

  const change = (name: string, value: FormValues[string]) => {
    const next = { ...values, [name]: value }
    setValues(next)
    onValues?.(next)
    const def = visible.find((f) => f.name === name)
    if (def && errors[name]) setErrors((e) => ({ ...e, [name]: validateForm([def], next, t)[name] ?? '' }))
  }

  const save = async () => {
    const found = validateForm(visible, values, t)
    setErrors(found)
    const extraOk = validateExtra ? validateExtra() : true
    if (Object.keys(found).length || !extraOk) return
    setSaving(true)
    try {
      await onSubmit(toBody(visible, values, mode), values)
      onClose()
    } catch {
      // The request layer has shown the server's message; the dialog stays open to fix it.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId ?? 'crud-dialog'}>
            <Dialog.Header>
              <Dialog.Title>
                {props.title
                  ? t(props.title)
                  : t(mode === 'add' ? 'crud.addTitle' : 'crud.editTitle', [t(entity)])}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {visible.length > 0 && (
                  <SimpleGrid columns={{ base: 1, md: props.columns ?? 2 }} gap="3">
                    {visible.map((def) => (
                      <FieldInput
                        key={def.name}
                        def={def}
                        value={values[def.name]}
                        error={errors[def.name] || undefined}
                        onChange={(v) => change(def.name, v)}
                      />
                    ))}
                  </SimpleGrid>
                )}
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={saving}
                onClick={() => void save()}
                data-testid="crud-save"
              >
                {t(props.saveLabel ?? 'crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
