// Dictionary types (SPEC §3, §7 Dictionary; issue 17): name, type key, status, remark; each opens its data at
// /dict/type/data/:dictId.
import { Badge, Link } from '@chakra-ui/react'
import type { DictType } from '@pms/protocol/api/system'
import { useLocation } from 'wouter'
import { useT } from '../../i18n/t.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import { dictTypeApi } from './api.ts'
import { DICT_STATUS, df } from './labels.ts'

export const dictDataPath = (dictId: number) => `/dict/type/data/${dictId}`

export default function DictTypePage() {
  const t = useT()
  const [, navigate] = useLocation()
  return (
    <CrudScreen<DictType>
      testId="dict-type-page"
      title="menu.system.dict"
      entity="adminConsole.entity.dictType"
      api={dictTypeApi}
      idKey="dictId"
      permission="system:dict"
      columns={[
        { key: 'dictName', header: df('dictName') },
        {
          key: 'dictType',
          header: df('dictType'),
          render: (d) => (
            <Link
              colorPalette="blue"
              onClick={() => navigate(dictDataPath(d.dictId))}
              data-testid="dict-type-open"
            >
              {d.dictType}
            </Link>
          ),
        },
        {
          key: 'status',
          header: df('status'),
          render: (d) => (
            <Badge colorPalette={d.status === '0' ? 'green' : 'gray'}>
              {t(d.status === '0' ? 'crud.enabled' : 'crud.disabled')}
            </Badge>
          ),
        },
        { key: 'remark', header: df('remark') },
      ]}
      search={[
        { name: 'dictName', label: df('dictName'), kind: 'text' },
        { name: 'dictType', label: df('dictType'), kind: 'text' },
        {
          name: 'status',
          label: df('status'),
          kind: 'select',
          options: DICT_STATUS,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        { name: 'dictName', label: df('dictName'), kind: 'text', required: true, maxLength: 100 },
        { name: 'dictType', label: df('dictType'), kind: 'text', required: true, maxLength: 100 },
        { name: 'status', label: df('status'), kind: 'select', required: true, options: DICT_STATUS },
        { name: 'remark', label: df('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ status: '0' }}
      nameOf={(d) => d.dictName}
      actions={[
        {
          key: 'data',
          label: 'adminConsole.dict.data',
          permission: 'system:dict:list',
          onSelect: (d) => navigate(dictDataPath(d.dictId)),
        },
      ]}
    />
  )
}
