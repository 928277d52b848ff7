// Review of a property's authorisation by a platform admin (SPEC §4): approve, or refuse with a remark.
import { Button, Dialog, Field, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import {
  PropertyAuthState,
  type PropertyReviewOutcome,
  type PropertyView,
} from '@pms/protocol/api/properties'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { propertyAdminApi } from './api.ts'
import { authStateKey } from './authState.ts'

export const REVIEW_REMARK_MAX = 200

interface Props {
  property: PropertyView | null
  onClose: () => void
  onSaved: () => void
}

export function ReviewDialog({ property, onClose, onSaved }: Props) {
  const t = useT()
  const [outcome, setOutcome] = useState<PropertyReviewOutcome | ''>('')
  const [remark, setRemark] = useState('')
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh for each property reviewed.
  useEffect(() => {
    setOutcome('')
    setRemark('')
    setError(undefined)
  }, [property])

  const save = async () => {
    if (!property) return
    if (!outcome) return setError(t('propertyConsole.review.chooseOutcome'))
    const text = remark.trim()
    if (outcome === PropertyAuthState.refused && !text)
      return setError(t('validation.required', [t('propertyConsole.review.remark')]))
    if (text.length > REVIEW_REMARK_MAX)
      return setError(t('validation.maxLength', [t('propertyConsole.review.remark'), REVIEW_REMARK_MAX]))
    setSaving(true)
    try {
      await propertyAdminApi.review(property.propertyId, { authState: outcome, remark: text || undefined })
      notifySuccess('operation')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open={property !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="review-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('propertyConsole.review.title', [property?.propertyName ?? ''])}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {property && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('propertyConsole.auth.state')}: {t(authStateKey(property.authState))}
                  </Text>
                )}
                <RadioGroup.Root
                  value={outcome}
                  onValueChange={(e) => setOutcome(e.value as PropertyReviewOutcome)}
                  data-testid="review-outcome"
                >
                  <Stack direction="row" gap="6">
                    {[PropertyAuthState.authorized, PropertyAuthState.refused].map((v) => (
                      <RadioGroup.Item key={v} value={v} data-testid={`review-${v}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          {t(
                            v === PropertyAuthState.authorized
                              ? 'propertyConsole.review.approve'
                              : 'propertyConsole.review.refuse',
                          )}
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>{t('propertyConsole.review.remark')}</Field.Label>
                  <Textarea
                    name="remark"
                    size="sm"
                    maxLength={REVIEW_REMARK_MAX}
                    value={remark}
                    onChange={(e) => setRemark(e.target.value)}
                  />
                  {error && <Field.ErrorText data-testid="field-error">{error}</Field.ErrorText>}
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button size="sm" loading={saving} onClick={() => void save()} data-testid="review-save">
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
