// App versions (issue 17), platform only: published builds per platform and app with their package; the public page
// /file/:platform/:appId offers the latest one for download.
import { Badge, Link } from '@chakra-ui/react'
import type { AppVersionView } from '@pms/protocol/api/system'
import { useT } from '../../i18n/t.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { AppVersionEditor, af, PLATFORM_OPTIONS } from './AppVersionEditor.tsx'
import { appVersionApi } from './api.ts'

export default function AppVersionPage() {
  const t = useT()
  return (
    <CrudScreen<AppVersionView>
      testId="app-version-page"
      title="menu.system.appVersion"
      entity="adminConsole.entity.appVersion"
      api={appVersionApi}
      idKey="versionId"
      permission="system:appVersion"
      columns={[
        { key: 'platform', header: af('platform'), render: (v) => t(`adminConsole.platform.${v.platform}`) },
        { key: 'appId', header: af('appId') },
        { key: 'versionCode', header: af('versionCode'), align: 'end' },
        { key: 'versionName', header: af('versionName') },
        { key: 'packageName', header: af('packageName') },
        {
          key: 'package',
          header: af('file'),
          render: (v) => (
            <Link
              href={`/file/${v.platform}/${encodeURIComponent(v.appId)}`}
              colorPalette="blue"
              target="_blank"
            >
              {v.fileName || v.downloadUrl}
            </Link>
          ),
        },
        {
          key: 'forceUpdate',
          header: af('forceUpdate'),
          render: (v) => v.forceUpdate && <Badge colorPalette="red">{t(af('forceUpdate'))}</Badge>,
        },
        {
          key: 'createTime',
          header: af('createTime'),
          render: (v) => formatDateTime(v.createTime),
        },
      ]}
      search={[
        {
          name: 'platform',
          label: af('platform'),
          kind: 'select',
          options: PLATFORM_OPTIONS,
          placeholder: 'crud.all',
        },
        { name: 'appId', label: af('appId'), kind: 'text' },
        { name: 'versionName', label: af('versionName'), kind: 'text' },
      ]}
      editor={(p) => <AppVersionEditor {...p} />}
      nameOf={(v) => `${v.appId} ${v.versionName}`}
    />
  )
}
