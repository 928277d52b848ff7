// The property code dialog (SPEC §2.4, §5): at most 50 characters, every space removed before saving.
import { Button, CloseButton, Dialog, Input, Portal } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'
import { propertyAdminApi } from '../property-admin/api.ts'
import { normaliseCode, PROPERTY_CODE_MAX } from './listView.ts'

interface Props {
  /** The property being edited; null closes the dialog. */
  property: { propertyId: number; propertyCode?: string | null } | null
  onClose: () => void
  onSaved: () => void
}

export function PropertyCodeDialog({ property, onClose, onSaved }: Props) {
  const t = useT()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    setCode(property?.propertyCode ?? '')
    setError(undefined)
  }, [property])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!property) return
    const value = normaliseCode(code)
    if (!value) return setError(t('propertyConsole.code.required'))
    if (value.length > PROPERTY_CODE_MAX)
      return setError(t('propertyConsole.code.tooLong', [PROPERTY_CODE_MAX]))
    setBusy(true)
    try {
      await propertyAdminApi.updateCode(property.propertyId, value)
      notifySuccess('edit')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={property !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="property-code-dialog">
            <form onSubmit={save} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('propertyConsole.code.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <FormField label={t('console.property.code')} error={error}>
                  <Input
                    name="propertyCode"
                    value={code}
                    maxLength={PROPERTY_CODE_MAX}
                    placeholder={t('propertyConsole.code.placeholder')}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </FormField>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('console.dialog.cancel')}
                </Button>
                <Button type="submit" loading={busy} data-testid="property-code-save">
                  {t('console.dialog.confirm')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
