// The app version dialog: platform, app, version code and name, package name, release notes, force update, and the
// package — a published address or an uploaded file (checked by content on the server).
import { Button, Flex, Text } from '@chakra-ui/react'
import type { AppVersionView } from '@pms/protocol/api/system'
import { APP_PLATFORMS } from '@pms/protocol/api/system'
import { useEffect, useRef, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import type { EditorProps } from '../../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import type { FieldDef, Option } from '../../ui/crud/fields.ts'
import { appVersionApi, uploadPackage } from './api.ts'

export const af = (name: string) => `adminConsole.app.${name}`
export const PLATFORM_OPTIONS: Option[] = APP_PLATFORMS.map((p) => ({
  value: p,
  label: `adminConsole.platform.${p}`,
}))

const FIELDS: FieldDef[] = [
  { name: 'platform', label: af('platform'), kind: 'select', options: PLATFORM_OPTIONS },
  { name: 'appId', label: af('appId'), kind: 'text', maxLength: 100 },
  { name: 'versionCode', label: af('versionCode'), kind: 'integer', min: 1, max: 2_000_000_000 },
  { name: 'versionName', label: af('versionName'), kind: 'text', maxLength: 50 },
  { name: 'packageName', label: af('packageName'), kind: 'text', maxLength: 200 },
  { name: 'downloadUrl', label: af('downloadUrl'), kind: 'text', maxLength: 500 },
  { name: 'forceUpdate', label: af('forceUpdate'), kind: 'switch' },
  { name: 'releaseNotes', label: af('releaseNotes'), kind: 'textarea', maxLength: 2000 },
]

type Uploaded = { filePath: string; fileName: string; fileSize: number }

export function AppVersionEditor({ open, mode, record, onClose, onSaved }: EditorProps<AppVersionView>) {
  const t = useT()
  const [file, setFile] = useState<Uploaded | null>(null)
  const [uploading, setUploading] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (open)
      setFile(
        record?.filePath
          ? { filePath: record.filePath, fileName: record.fileName, fileSize: record.fileSize }
          : null,
      )
  }, [open, record])

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return
    setUploading(true)
    try {
      const res = await uploadPackage(chosen)
      if (res.data) setFile(res.data)
    } catch {
      // Shown by the request layer (not a package, or a name that lies about its content).
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <FormDialog
      open={open}
      mode={mode}
      entity="adminConsole.entity.appVersion"
      testId="app-version-dialog"
      fields={FIELDS}
      record={(record as unknown as Record<string, unknown>) ?? { forceUpdate: false }}
      onClose={onClose}
      onSubmit={async (body) => {
        // The server names what is missing (SPEC §5 messages); the package is the uploaded file when there is one.
        const full = { ...body, ...(file ?? { filePath: '', fileName: '', fileSize: 0 }) }
        if (mode === 'add') await appVersionApi.add(full)
        else await appVersionApi.edit({ ...full, versionId: record!.versionId })
        notifySuccess(mode === 'add' ? 'add' : 'edit')
        onSaved()
      }}
    >
      <Flex gap="3" align="center">
        <Text fontSize="sm">{t(af('file'))}</Text>
        <Button size="xs" variant="outline" loading={uploading} onClick={() => input.current?.click()}>
          {t(af('upload'))}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="app-version-file"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {file && (
          <Text fontSize="sm" data-testid="app-version-file-name">
            {file.fileName} ({Math.ceil(file.fileSize / 1024)} KB)
          </Text>
        )}
      </Flex>
    </FormDialog>
  )
}
