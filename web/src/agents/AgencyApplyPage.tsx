// The agent side of agency qualification: the user's agent's application (its state, the review remark), applying
// with the licence uploaded as a private file, applying again after a refusal, and the history of submissions and
// reviews. The list holds only the user's own agent's application (the server scopes it).
import { Button, Flex, Text } from '@chakra-ui/react'
import { maskPhone } from '@pms/protocol'
import { AGENCY_LIMITS, type AgencyApplication } from '@pms/protocol/api/agent-qualification'
import { useEffect, useRef, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'
import { CrudScreen, type EditorProps } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { formatDateTime } from '../ui/format.ts'
import { PrivateImage } from '../ui/PrivateImage.tsx'
import { AgencyHistoryDialog, AgencyStateBadge } from './AgencyHistory.tsx'
import { agencyApi } from './agency-api.ts'

const f = (name: string) => `agency.field.${name}`
const FIELDS: FieldDef[] = [
  {
    name: 'licenceNo',
    label: f('licenceNo'),
    kind: 'text',
    required: true,
    maxLength: AGENCY_LIMITS.licenceNo,
  },
  { name: 'contact', label: f('contact'), kind: 'text', required: true, maxLength: AGENCY_LIMITS.contact },
  { name: 'phone', label: f('phone'), kind: 'text', required: true, maxLength: AGENCY_LIMITS.phone },
  { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: AGENCY_LIMITS.remark },
]

/** Apply (add) or apply again (edit): the form's fields and the licence image. */
function ApplyEditor({ open, mode, record, onClose, onSaved }: EditorProps<AgencyApplication>) {
  const t = useT()
  const [licence, setLicence] = useState('')
  const [missing, setMissing] = useState(false)
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!open) return
    setLicence(record?.licence ?? '')
    setMissing(false)
  }, [open, record])

  const upload = async (file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('image/')) return feedback.toast('error', t('qualification.apply.imageOnly'))
    setUploading(true)
    try {
      const res = await agencyApi.upload(file)
      if (res.data) {
        setLicence(res.data)
        setMissing(false)
      }
    } catch {
      // Shown by the request layer.
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <FormDialog
      open={open}
      mode={mode}
      entity="agency.entity"
      testId="agency-apply-dialog"
      columns={1}
      fields={FIELDS}
      record={record as Record<string, unknown> | undefined}
      onClose={onClose}
      validateExtra={() => {
        setMissing(!licence)
        return Boolean(licence)
      }}
      onSubmit={async (body) => {
        const sent = { ...body, licence }
        const res =
          mode === 'add' ? await agencyApi.add(sent) : await agencyApi.edit({ ...sent, id: record!.id })
        feedback.toast('success', res.msg)
        onSaved()
      }}
    >
      <FormField label={t(f('licence'))} error={missing ? t('agency.licenceRequired') : undefined}>
        <Flex gap="3" align="center">
          {licence && (
            <PrivateImage
              path={licence}
              alt={t(f('licence'))}
              maxH="80px"
              rounded="sm"
              data-testid="agency-licence"
            />
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="agency-licence-file"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <Button size="xs" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
            {t('agency.apply.upload')}
          </Button>
          {licence && (
            <Text fontSize="xs" color="fg.muted">
              {t('agency.apply.uploaded')}
            </Text>
          )}
        </Flex>
      </FormField>
    </FormDialog>
  )
}

export default function AgencyApplyPage() {
  const [history, setHistory] = useState<AgencyApplication | null>(null)
  return (
    <>
      <CrudScreen<AgencyApplication>
        testId="agency-apply-page"
        title="agency.menu.apply"
        entity="agency.entity"
        api={agencyApi}
        idKey="id"
        permission="pms:pmsAgentQualification"
        operations={['add', 'edit']}
        columns={[
          { key: 'agentName', header: f('agentName') },
          { key: 'licenceNo', header: f('licenceNo') },
          { key: 'contact', header: f('contact') },
          { key: 'phone', header: f('phone'), render: (a) => maskPhone(a.phone) },
          { key: 'state', header: f('state'), render: (a) => <AgencyStateBadge state={a.state} /> },
          { key: 'checkRemark', header: f('checkRemark') },
          { key: 'updateTime', header: f('updateTime'), render: (a) => formatDateTime(a.updateTime) },
        ]}
        editor={(props) => <ApplyEditor {...props} />}
        nameOf={(a) => a.agentName}
        actions={[
          {
            key: 'history',
            label: 'agency.history.action',
            permission: 'pms:pmsAgentQualification:query',
            onSelect: setHistory,
          },
        ]}
      />
      <AgencyHistoryDialog application={history} onClose={() => setHistory(null)} />
    </>
  )
}
