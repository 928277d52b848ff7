// One application as the platform reviews it: every field, the licence image, and the audit (approve, or refuse
// with a remark) while it waits for review.
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react'
import { nextQualificationState, type QualificationApplication } from '@pms/protocol/api/qualification'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { type DetailRow, DetailRows } from '../ui/DetailRows.tsx'
import { PrivateImage } from '../ui/PrivateImage.tsx'
import { AuditFields, useAudit } from './AuditFields.tsx'
import { qualificationApi } from './api.ts'

interface Props {
  application: QualificationApplication | null
  /** Holds the check permission: the audit part is shown while the application waits for review. */
  canReview: boolean
  onClose: () => void
  onDone: () => void
}

export function ReviewDialog({ application, canReview, onClose, onDone }: Props) {
  const t = useT()
  const audit = useAudit(application)
  const [busy, setBusy] = useState(false)
  if (!application) return null
  const reviewable = canReview && nextQualificationState(application.state, 'approve') !== undefined

  const save = async () => {
    setBusy(true)
    try {
      const res = await qualificationApi.check(audit.body(application.id))
      feedback.toast('success', res.msg)
      onDone()
    } catch {
      // The server's message ('An audit result must be selected'…) was shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const rows: DetailRow[] = [
    ['qualification.field.project', application.project],
    ['qualification.field.contact', application.contact],
    ['qualification.field.phone', application.phone],
    ['qualification.field.address', application.address],
    ['qualification.field.cityId', application.cityId],
    ['qualification.field.refereesPhone', application.refereesPhone],
    ['qualification.field.remark', application.remark],
    ['qualification.field.applicant', application.userName ?? ''],
    [
      'qualification.field.image',
      application.image ? (
        <PrivateImage
          key="image"
          path={application.image}
          alt={t('qualification.field.image')}
          maxH="240px"
          data-testid="review-licence"
        />
      ) : (
        t('qualification.review.noLicence')
      ),
    ],
  ]
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="640px" w="95vw" data-testid="review-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('qualification.review.detail')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <DetailRows rows={rows} />
                {reviewable && <AuditFields audit={audit} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('console.dialog.close')}
              </Button>
              {reviewable && (
                <Button size="sm" loading={busy} onClick={() => void save()} data-testid="review-save">
                  {t('qualification.review.save')}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
