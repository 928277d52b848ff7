// The platform's review of agency qualification: every agent's application by state, each opened with its licence
// and reviewed with the audit shared with customer qualification (approve, or refuse with a remark), and its history.
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react'
import { maskPhone } from '@pms/protocol'
import type { AgencyApplication } from '@pms/protocol/api/agent-qualification'
import {
  nextQualificationState,
  QualificationState,
  qualificationStateKey,
} from '@pms/protocol/api/qualification'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { AuditFields, useAudit } from '../qualification/AuditFields.tsx'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import type { Option } from '../ui/crud/fields.ts'
import { type DetailRow, DetailRows } from '../ui/DetailRows.tsx'
import { formatDateTime } from '../ui/format.ts'
import { PrivateImage } from '../ui/PrivateImage.tsx'
import { AgencyHistoryDialog, AgencyStateBadge } from './AgencyHistory.tsx'
import { agencyApi } from './agency-api.ts'

const f = (name: string) => `agency.field.${name}`
const CHECK = 'pms:pmsAgentQualification:check'
const STATES: Option[] = [
  QualificationState.pending,
  QualificationState.approved,
  QualificationState.refused,
  QualificationState.resubmitted,
].map((s) => ({ value: String(s), label: qualificationStateKey(s) }))
const waiting = (a: AgencyApplication) => nextQualificationState(a.state, 'approve') !== undefined

function AgencyReviewDialog({
  application,
  reviewing,
  onClose,
  onDone,
}: {
  application: AgencyApplication | null
  /** Opened to review (the check action) rather than to view. */
  reviewing: boolean
  onClose: () => void
  onDone: () => void
}) {
  const t = useT()
  const audit = useAudit(application)
  const [busy, setBusy] = useState(false)
  if (!application) return null
  const save = async () => {
    setBusy(true)
    try {
      const res = await agencyApi.check(audit.body(application.id))
      feedback.toast('success', res.msg)
      onDone()
    } catch {
      // The server's message ('An audit result must be selected'…) was shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  const rows: DetailRow[] = [
    [f('agentName'), application.agentName],
    [f('licenceNo'), application.licenceNo],
    [f('contact'), application.contact],
    [f('phone'), maskPhone(application.phone)],
    [f('remark'), application.remark],
    [f('applicant'), application.userName],
    [f('checkRemark'), application.checkRemark],
    [
      f('licence'),
      <PrivateImage
        key="licence"
        path={application.licence}
        alt={t(f('licence'))}
        maxH="240px"
        data-testid="review-licence"
      />,
    ],
  ]
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="640px" w="95vw" data-testid="review-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('agency.menu.review')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <DetailRows rows={rows} />
                {reviewing && <AuditFields audit={audit} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('console.dialog.close')}
              </Button>
              {reviewing && (
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

export default function AgencyReviewPage() {
  const [open, setOpen] = useState<{ application: AgencyApplication; reviewing: boolean } | null>(null)
  const [history, setHistory] = useState<AgencyApplication | null>(null)
  return (
    <CrudScreen<AgencyApplication>
      testId="agency-review-page"
      title="agency.menu.review"
      entity="agency.entity"
      api={agencyApi}
      idKey="id"
      permission="pms:pmsAgentQualification"
      operations={[]}
      columns={[
        { key: 'agentName', header: f('agentName') },
        { key: 'licenceNo', header: f('licenceNo') },
        { key: 'contact', header: f('contact') },
        { key: 'phone', header: f('phone'), render: (a) => maskPhone(a.phone) },
        { key: 'userName', header: f('applicant') },
        { key: 'state', header: f('state'), render: (a) => <AgencyStateBadge state={a.state} /> },
        { key: 'updateTime', header: f('updateTime'), render: (a) => formatDateTime(a.updateTime) },
      ]}
      search={[
        { name: 'agentName', label: f('agentName'), kind: 'text' },
        { name: 'state', label: f('state'), kind: 'select', options: STATES, placeholder: 'crud.all' },
      ]}
      nameOf={(a) => a.agentName}
      // The toolbar holds the dialogs: it is where the screen hands out its list to reload after a review.
      toolbar={(list) => (
        <>
          <AgencyReviewDialog
            application={open?.application ?? null}
            reviewing={open?.reviewing ?? false}
            onClose={() => setOpen(null)}
            onDone={() => {
              setOpen(null)
              void list.reload()
            }}
          />
          <AgencyHistoryDialog application={history} onClose={() => setHistory(null)} />
        </>
      )}
      actions={[
        {
          key: 'check',
          label: 'agency.review.check',
          permission: CHECK,
          when: waiting,
          onSelect: (application) => setOpen({ application, reviewing: true }),
        },
        {
          key: 'view',
          label: 'agency.review.view',
          permission: 'pms:pmsAgentQualification:query',
          onSelect: (application) => setOpen({ application, reviewing: false }),
        },
        {
          key: 'history',
          label: 'agency.history.action',
          permission: 'pms:pmsAgentQualification:query',
          onSelect: setHistory,
        },
      ]}
    />
  )
}
