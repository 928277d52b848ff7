// The data of one dictionary type (/dict/type/data/:dictId): label, value, order, style, default, status. Screens read
// a type's enabled data when they open, so a change is in use at once.
import { Badge, Button, Flex, Text } from '@chakra-ui/react'
import type { DictData, DictType } from '@pms/protocol/api/system'
import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../../i18n/t.ts'
import type { ScreenProps } from '../../screens/props.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import { dictDataApi, getDictType } from './api.ts'
import { DICT_STATUS, df, LIST_CLASS_OPTIONS, PALETTE, YES_NO } from './labels.ts'

export default function DictDataPage({ params }: ScreenProps) {
  const t = useT()
  const [, navigate] = useLocation()
  const dictId = Number(params.dictId)
  const [type, setType] = useState<DictType | null>(null)
  useEffect(() => {
    getDictType(dictId)
      .then((r) => setType(r.data ?? null))
      .catch(() => setType(null))
  }, [dictId])
  const api = useMemo(() => (type ? dictDataApi(type.dictType) : null), [type])
  const fixed = useMemo(() => (type ? { dictType: type.dictType } : undefined), [type])
  if (!type || !api) return null
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center">
        <Button size="xs" variant="outline" onClick={() => navigate('/system/dict')} data-testid="dict-back">
          {t('adminConsole.dict.back')}
        </Button>
        <Text fontSize="sm" data-testid="dict-data-type">
          {type.dictName} · {type.dictType}
        </Text>
      </Flex>
      <CrudScreen<DictData>
        testId="dict-data-page"
        title="console.route.dictData"
        entity="adminConsole.entity.dictData"
        api={api}
        idKey="dictCode"
        permission="system:dict"
        fixed={fixed}
        columns={[
          {
            key: 'dictLabel',
            header: df('dictLabel'),
            render: (d) => (
              <Badge colorPalette={PALETTE[d.listClass] ?? 'gray'} className={d.cssClass || undefined}>
                {d.dictLabel}
              </Badge>
            ),
          },
          { key: 'dictValue', header: df('dictValue') },
          { key: 'dictSort', header: df('dictSort'), align: 'end' },
          {
            key: 'isDefault',
            header: df('isDefault'),
            render: (d) => t(d.isDefault === 'Y' ? 'crud.yes' : 'crud.no'),
          },
          {
            key: 'status',
            header: df('status'),
            render: (d) => t(d.status === '0' ? 'crud.enabled' : 'crud.disabled'),
          },
          { key: 'remark', header: df('remark') },
        ]}
        search={[
          { name: 'dictLabel', label: df('dictLabel'), kind: 'text' },
          {
            name: 'status',
            label: df('status'),
            kind: 'select',
            options: DICT_STATUS,
            placeholder: 'crud.all',
          },
        ]}
        fields={[
          { name: 'dictLabel', label: df('dictLabel'), kind: 'text', required: true, maxLength: 100 },
          { name: 'dictValue', label: df('dictValue'), kind: 'text', required: true, maxLength: 100 },
          { name: 'dictSort', label: df('dictSort'), kind: 'integer', required: true, min: 0, max: 99999 },
          { name: 'listClass', label: df('listClass'), kind: 'select', options: LIST_CLASS_OPTIONS },
          { name: 'cssClass', label: df('cssClass'), kind: 'text', maxLength: 100 },
          { name: 'isDefault', label: df('isDefault'), kind: 'select', required: true, options: YES_NO },
          { name: 'status', label: df('status'), kind: 'select', required: true, options: DICT_STATUS },
          { name: 'remark', label: df('remark'), kind: 'textarea', maxLength: 500 },
        ]}
        defaults={{ status: '0', isDefault: 'N', dictSort: 0, listClass: 'default' }}
        nameOf={(d) => d.dictLabel}
      />
    </Flex>
  )
}
