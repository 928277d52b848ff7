// Device models of the catalogue: their dictionaries, production years, related models and capability flags.
import { Badge } from '@chakra-ui/react'
import type { CatalogueDictionary, CatalogueEntry, DeviceModel } from '@pms/protocol/api/devices'
import { ModelPermission } from '@pms/protocol/api/devices'
import { useT } from '../i18n/t.ts'
import type { Translate } from '../i18n/translate.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import type { FieldDef, Option } from '../ui/crud/fields.ts'
import { modelApi } from './api.ts'
import { CAPABILITY_OPTIONS, capabilityNames, ENABLED_STATES, entryLabel, f } from './labels.ts'
import { useCatalogue } from './useCatalogue.ts'

const entryOptions = (entries: readonly CatalogueEntry[], t: Translate): Option[] =>
  entries.map((e) => ({ value: String(e.dictId), label: entryLabel(e, t), raw: true }))

export default function ModelPage() {
  const t = useT()
  const catalogue = useCatalogue()
  const nameIn = (kind: CatalogueDictionary, id: number | null) => {
    const e = catalogue[kind].find((x) => x.dictId === id)
    return e ? entryLabel(e, t) : ''
  }
  const single = (name: string, kind: CatalogueDictionary): FieldDef => ({
    name,
    label: f(name),
    kind: 'select',
    numeric: true,
    options: entryOptions(catalogue[kind], t),
  })
  const many = (name: string, kind: CatalogueDictionary): FieldDef => ({
    name,
    label: f(name),
    kind: 'multiselect',
    options: entryOptions(catalogue[kind], t),
  })
  return (
    <CrudScreen<DeviceModel>
      testId="catalogue-model-page"
      title="catalogue.menu.models"
      entity="catalogue.entity.model"
      api={{
        ...modelApi,
        add: async (body) => {
          const res = await modelApi.add(body)
          void catalogue.reload()
          return res
        },
      }}
      idKey="modelId"
      permission={ModelPermission}
      columns={[
        { key: 'code', header: f('code') },
        { key: 'name', header: f('name') },
        { key: 'categoryId', header: f('categoryId'), render: (m) => nameIn('category', m.categoryId) },
        { key: 'protocolId', header: f('protocolId'), render: (m) => nameIn('protocol', m.protocolId) },
        {
          key: 'networkingId',
          header: f('networkingId'),
          render: (m) => nameIn('networking', m.networkingId),
        },
        {
          key: 'years',
          header: f('startYear'),
          render: (m) => (m.startYear || m.endYear ? `${m.startYear ?? ''}–${m.endYear ?? ''}` : ''),
        },
        { key: 'capabilities', header: f('capabilities'), render: (m) => capabilityNames(m.capabilities, t) },
        {
          key: 'state',
          header: f('state'),
          render: (m) => (
            <Badge colorPalette={m.state === '1' ? 'gray' : 'green'}>
              {t(m.state === '1' ? 'crud.disabled' : 'crud.enabled')}
            </Badge>
          ),
        },
      ]}
      search={[
        { name: 'code', label: f('code'), kind: 'text' },
        { name: 'name', label: f('name'), kind: 'text' },
      ]}
      fields={[
        { name: 'code', label: f('code'), kind: 'text', required: true, maxLength: 50 },
        { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 100 },
        single('seriesId', 'series'),
        single('categoryId', 'category'),
        single('protocolId', 'protocol'),
        single('networkingId', 'networking'),
        many('functionIds', 'function'),
        many('sceneIds', 'scene'),
        many('partIds', 'part'),
        many('colourIds', 'colour'),
        many('materialIds', 'material'),
        {
          name: 'relatedIds',
          label: f('relatedIds'),
          kind: 'multiselect',
          options: catalogue.models.map((m) => ({ value: String(m.modelId), label: m.name, raw: true })),
        },
        { name: 'startYear', label: f('startYear'), kind: 'integer', min: 1900, max: 2999 },
        { name: 'endYear', label: f('endYear'), kind: 'integer', min: 1900, max: 2999 },
        { name: 'pictures', label: f('pictures'), kind: 'textarea', maxLength: 2000 },
        { name: 'capabilities', label: f('capabilities'), kind: 'multiselect', options: CAPABILITY_OPTIONS },
        { name: 'state', label: f('state'), kind: 'select', required: true, options: ENABLED_STATES },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ state: '0', capabilities: [] }}
      nameOf={(m) => m.name}
    />
  )
}
