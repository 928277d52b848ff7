// System configuration (SPEC §3, §7 System config; issue 17): key, value, built-in flag, remark. Built-in records
// keep their key and cannot be deleted (the server reads them by name); 'refresh cache' asks the server, which keeps
// no cache and says so.
import { Badge, Button } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import type { SysConfig } from '@pms/protocol/api/system'
import { feedback } from '../../api/feedback.ts'
import { http } from '../../api/request.ts'
import { useT } from '../../i18n/t.ts'
import { crudApi } from '../../ui/crud/api.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import type { Option } from '../../ui/crud/fields.ts'
import { permitted } from '../../ui/crud/permissions.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'

const cf = (name: string) => `adminConsole.config.${name}`
const configApi = crudApi<SysConfig>('/system/config')
const YES_NO: Option[] = [
  { value: 'Y', label: 'crud.yes' },
  { value: 'N', label: 'crud.no' },
]

export default function ConfigPage() {
  const t = useT()
  const permissions = usePermissions()
  const canClear = permitted([{ permission: 'system:config:remove' }], permissions).length > 0
  const clearCache = async () => {
    try {
      const res = await http.delete<Result>('/system/config/clearCache')
      feedback.toast('success', res.msg)
    } catch {
      // Shown by the request layer.
    }
  }
  return (
    <CrudScreen<SysConfig>
      testId="config-page"
      title="menu.system.config"
      entity="adminConsole.entity.config"
      api={configApi}
      idKey="configId"
      permission="system:config"
      columns={[
        { key: 'configName', header: cf('configName') },
        { key: 'configKey', header: cf('configKey') },
        {
          key: 'configValue',
          header: cf('configValue'),
          render: (c) => (c.configValue.length > 60 ? `${c.configValue.slice(0, 60)}…` : c.configValue),
        },
        {
          key: 'configType',
          header: cf('configType'),
          render: (c) => (
            <Badge colorPalette={c.configType === 'Y' ? 'blue' : 'gray'}>
              {t(c.configType === 'Y' ? 'crud.yes' : 'crud.no')}
            </Badge>
          ),
        },
        { key: 'remark', header: cf('remark') },
      ]}
      search={[
        { name: 'configName', label: cf('configName'), kind: 'text' },
        { name: 'configKey', label: cf('configKey'), kind: 'text' },
        {
          name: 'configType',
          label: cf('configType'),
          kind: 'select',
          options: YES_NO,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        { name: 'configName', label: cf('configName'), kind: 'text', required: true, maxLength: 100 },
        { name: 'configKey', label: cf('configKey'), kind: 'text', required: true, maxLength: 100 },
        { name: 'configValue', label: cf('configValue'), kind: 'textarea', required: true, maxLength: 5000 },
        { name: 'configType', label: cf('configType'), kind: 'select', required: true, options: YES_NO },
        { name: 'remark', label: cf('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ configType: 'N' }}
      nameOf={(c) => c.configName}
      canRemove={(c) => c.configType !== 'Y'}
      toolbar={() =>
        canClear && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void clearCache()}
            data-testid="config-clear-cache"
          >
            {t(cf('clearCache'))}
          </Button>
        )
      }
    />
  )
}
