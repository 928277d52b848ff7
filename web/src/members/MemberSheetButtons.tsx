// The member list's spreadsheet buttons: export the members the search selects (xlsx), and import a spreadsheet in the
// export's columns. An import writes every row or none; when rows are refused the dialog lists each with its row number.
import { Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { MemberImportError, MemberImportResult } from '@pms/protocol/api/members'
import { MemberPermission } from '@pms/protocol/api/members'
import { useState } from 'react'
import { download } from '../api/download.ts'
import { ApiError } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { memberApi } from './api.ts'

interface Props {
  /** The list's current search, exported as it stands. */
  query: () => Record<string, unknown>
  onImported: () => void
}

export function MemberSheetButtons({ query, onImported }: Props) {
  const t = useT()
  const permissions = usePermissions()
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const canExport = hasPermission({ permissions }, [MemberPermission.export])
  const canImport = hasPermission({ permissions }, [MemberPermission.import])
  if (!canExport && !canImport) return null
  const exportNow = async () => {
    setExporting(true)
    try {
      // Only the search fields that hold a value (an empty select is no filter).
      const filters = Object.fromEntries(
        Object.entries(query()).filter(([, v]) => v !== '' && v !== undefined),
      )
      await download('/pms/pmsMember/export', filters, 'members.xlsx')
    } catch {
      // Shown by the request layer.
    } finally {
      setExporting(false)
    }
  }
  return (
    <>
      {canExport && (
        <Button
          size="sm"
          variant="outline"
          loading={exporting}
          onClick={() => void exportNow()}
          data-testid="member-export"
        >
          {t('members.export.button')}
        </Button>
      )}
      {canImport && (
        <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="member-import">
          {t('members.import.button')}
        </Button>
      )}
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={onImported} />
    </>
  )
}

function ImportDialog(props: { open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useT()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<MemberImportError[]>([])
  /** Refused rows the answer counts but does not list (past MEMBER_IMPORT_ERRORS_LISTED). */
  const [unlisted, setUnlisted] = useState(0)
  const close = () => {
    setFile(null)
    setMessage('')
    setErrors([])
    setUnlisted(0)
    props.onClose()
  }
  const submit = async () => {
    if (!file) return setMessage(t('validation.required', [t('members.import.choose')]))
    setBusy(true)
    setMessage('')
    setErrors([])
    setUnlisted(0)
    try {
      const res = await memberApi.importFile(file)
      notifySuccess('operation')
      setMessage(t('members.import.done', [res.data?.imported ?? 0]))
      props.onImported()
    } catch (e) {
      if (!(e instanceof ApiError)) return setMessage(t('members.lookup.failed'))
      setMessage(e.message)
      const data = (e.body as { data?: MemberImportResult } | undefined)?.data
      setErrors(data?.errors ?? [])
      setUnlisted(Math.max(0, (data?.errorRows ?? 0) - (data?.errors.length ?? 0)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="member-import-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('members.import.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('members.import.hint')}
                </Text>
                <Input
                  type="file"
                  size="sm"
                  accept=".xls,.xlsx"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  data-testid="member-import-file"
                />
                {message && (
                  <Text fontSize="sm" data-testid="member-import-message">
                    {message}
                  </Text>
                )}
                {errors.length > 0 && (
                  <Stack gap="1" maxH="14rem" overflowY="auto" data-testid="member-import-errors">
                    {errors.map((e) => (
                      <Text key={e.row} fontSize="sm" color="fg.error">
                        {t('members.import.row', [e.row, e.message])}
                      </Text>
                    ))}
                    {unlisted > 0 && (
                      <Text fontSize="sm" color="fg.muted" data-testid="member-import-more">
                        {t('members.import.moreRows', [unlisted])}
                      </Text>
                    )}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                {t('members.close')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                onClick={() => void submit()}
                data-testid="member-import-submit"
              >
                {t('members.import.button')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
