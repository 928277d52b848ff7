// The code generation config (issue 17): the tables imported for generation, the import dialog, and per table its
// editor (/gen/edit/:tableId) and the preview of the two files. It writes source for a developer, never the system.
import { Button } from '@chakra-ui/react'
import { GenPermission, type GenTable } from '@pms/protocol/api/gen'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../../i18n/t.ts'
import { CrudScreen, type EditorProps } from '../../ui/crud/CrudScreen.tsx'
import { permitted } from '../../ui/crud/permissions.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { formatDateTime } from '../../ui/format.ts'
import { genEditPath, genTableApi } from './api.ts'
import { ImportDialog } from './ImportDialog.tsx'
import { PreviewDialog } from './PreviewDialog.tsx'

const g = (name: string) => `gen.${name}`

/** The list's edit opens the editor page rather than a dialog. */
function OpenEditor({ open, record, onClose }: EditorProps<GenTable>) {
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!open || !record) return
    onClose()
    navigate(genEditPath(record.tableId))
  }, [open, record, onClose, navigate])
  return null
}

export default function GenTablePage() {
  const t = useT()
  const permissions = usePermissions()
  const canImport = permitted([{ permission: `${GenPermission}:import` }], permissions).length > 0
  const [importing, setImporting] = useState(false)
  const [previewing, setPreviewing] = useState<GenTable | null>(null)
  const closePreview = useCallback(() => setPreviewing(null), [])
  return (
    <>
      <CrudScreen<GenTable>
        testId="gen-table-page"
        title="menu.tool.gen"
        entity="entity.genTable"
        api={genTableApi}
        idKey="tableId"
        permission={GenPermission}
        columns={[
          { key: 'tableName', header: g('tableName') },
          { key: 'tableComment', header: g('tableComment') },
          { key: 'businessName', header: g('businessName') },
          { key: 'moduleName', header: g('moduleName') },
          { key: 'permissionPrefix', header: g('permissionPrefix') },
          {
            key: 'updateTime',
            header: g('updateTime'),
            render: (r) => formatDateTime(r.updateTime),
          },
        ]}
        search={[{ name: 'tableName', label: g('tableName'), kind: 'text' }]}
        editor={(props) => <OpenEditor {...props} />}
        nameOf={(r) => r.tableName}
        actions={[
          {
            key: 'preview',
            label: g('preview'),
            permission: `${GenPermission}:preview`,
            onSelect: (r) => setPreviewing(r),
          },
        ]}
        toolbar={(list) =>
          canImport && (
            <>
              <Button
                size="sm"
                colorPalette="blue"
                onClick={() => setImporting(true)}
                data-testid="gen-import"
              >
                {t(g('import'))}
              </Button>
              <ImportDialog
                open={importing}
                onClose={() => setImporting(false)}
                onImported={() => void list.reload()}
              />
            </>
          )
        }
      />
      <PreviewDialog table={previewing} onClose={closePreview} />
    </>
  )
}
