// Files (issue 17): the uploaded files of the current property (the platform: every property's and its own), with
// type, size, owner and property; upload (judged by content on the server), download as an attachment, delete.
import { Badge, Button, Checkbox, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import { useRef, useState } from 'react'
import { download } from '../../api/download.ts'
import { feedback } from '../../api/feedback.ts'
import { http } from '../../api/request.ts'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { crudApi } from '../../ui/crud/api.ts'
import { CrudScreen, type EditorProps } from '../../ui/crud/CrudScreen.tsx'
import type { Option } from '../../ui/crud/fields.ts'
import { formatDateTime } from '../../ui/format.ts'

interface StoredFile {
  fileId: number
  fileName: string
  category: 'document' | 'image' | 'licence'
  contentType: string
  fileSize: number
  private: boolean
  propertyId: number
  propertyName: string | null
  ownerName: string | null
  createTime: string
  path: string
}

const FILE_MAX_MB = 10
const ff = (name: string) => `adminMore.file.${name}`
const fileApi = crudApi<StoredFile>('/system/sysFile')
const CATEGORIES: Option[] = ['document', 'image', 'licence'].map((c) => ({
  value: c,
  label: ff(`category.${c}`),
}))

/** 1 KB = 1024 bytes, one decimal above a kilobyte. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function UploadDialog({ open, onClose, onSaved }: EditorProps<StoredFile>) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const [priv, setPriv] = useState(true)
  const [busy, setBusy] = useState(false)
  const send = async () => {
    const file = input.current?.files?.[0]
    if (!file) return feedback.toast('error', t('validation.required', [t(ff('fileName'))]))
    if (file.size > FILE_MAX_MB * 1024 * 1024)
      return feedback.toast('error', t('upload.tooLarge', [FILE_MAX_MB]))
    const form = new FormData()
    form.append('file', file)
    setBusy(true)
    try {
      await http.post<Result>(`/system/sysFile/upload?private=${priv}`, form)
      notifySuccess('add')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer (the server names what it refused).
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="file-upload-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(ff('upload'))}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <input ref={input} type="file" data-testid="file-upload-input" />
                <Text fontSize="sm" color="fg.muted">
                  {t(ff('hint'), [FILE_MAX_MB])}
                </Text>
                <Checkbox.Root checked={priv} onCheckedChange={(e) => setPriv(e.checked === true)}>
                  <Checkbox.HiddenInput data-testid="file-upload-private" />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(ff('private'))}</Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                onClick={() => void send()}
                data-testid="file-upload-send"
              >
                {t(ff('upload'))}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

export default function FilePage() {
  const t = useT()
  return (
    <CrudScreen<StoredFile>
      testId="file-page"
      title="menu.system.file"
      entity="entity.file"
      api={fileApi}
      idKey="fileId"
      permission="system:sysFile"
      columns={[
        { key: 'fileName', header: ff('fileName') },
        { key: 'category', header: ff('category'), render: (f) => t(ff(`category.${f.category}`)) },
        { key: 'fileSize', header: ff('size'), align: 'end', render: (f) => formatSize(f.fileSize) },
        { key: 'ownerName', header: ff('owner') },
        { key: 'propertyName', header: ff('property'), render: (f) => f.propertyName ?? t(ff('platform')) },
        {
          key: 'private',
          header: ff('visibility'),
          render: (f) => (
            <Badge colorPalette={f.private ? 'orange' : 'green'}>
              {t(ff(f.private ? 'private' : 'public'))}
            </Badge>
          ),
        },
        { key: 'createTime', header: ff('createTime'), render: (f) => formatDateTime(f.createTime) },
      ]}
      search={[
        { name: 'fileName', label: ff('fileName'), kind: 'text' },
        {
          name: 'category',
          label: ff('category'),
          kind: 'select',
          options: CATEGORIES,
          placeholder: 'crud.all',
        },
      ]}
      editor={(props) => <UploadDialog {...props} />}
      actions={[
        {
          key: 'download',
          label: ff('download'),
          onSelect: (f) => void download(f.path, undefined, f.fileName),
        },
      ]}
      nameOf={(f) => f.fileName}
    />
  )
}
