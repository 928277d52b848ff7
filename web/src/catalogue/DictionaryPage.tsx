// One catalogue dictionary (series, colour, … scene) as a CRUD screen; the nine screens differ only in their kind.
import { Badge } from '@chakra-ui/react'
import {
  type CatalogueDictionary,
  type CatalogueEntry,
  dictionaryPermission,
} from '@pms/protocol/api/devices'
import { useT } from '../i18n/t.ts'
import type { ScreenProps } from '../screens/props.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { dictionaryApi } from './api.ts'
import { ENABLED_STATES, entryLabel, f } from './labels.ts'

function DictionaryScreen({ kind }: { kind: CatalogueDictionary }) {
  const t = useT()
  return (
    <CrudScreen<CatalogueEntry>
      key={kind}
      testId={`catalogue-${kind}-page`}
      title={`catalogue.menu.${kind}`}
      entity={`catalogue.entity.${kind}`}
      api={dictionaryApi(kind)}
      idKey="dictId"
      permission={dictionaryPermission(kind)}
      columns={[
        { key: 'code', header: f('code') },
        { key: 'name', header: f('name') },
        { key: 'label', header: f('label'), render: (e) => entryLabel(e, t) },
        { key: 'sort', header: f('sort'), align: 'end' },
        {
          key: 'state',
          header: f('state'),
          render: (e) => (
            <Badge colorPalette={e.state === '1' ? 'gray' : 'green'}>
              {t(e.state === '1' ? 'crud.disabled' : 'crud.enabled')}
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
        { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 50 },
        { name: 'labelKey', label: f('labelKey'), kind: 'text', maxLength: 100 },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'state', label: f('state'), kind: 'select', required: true, options: ENABLED_STATES },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ state: '0', sort: 0 }}
      nameOf={(e) => e.name}
    />
  )
}

const page = (kind: CatalogueDictionary) =>
  function CatalogueDictionaryPage(_: ScreenProps) {
    return <DictionaryScreen kind={kind} />
  }

export const SeriesPage = page('series')
export const ColourPage = page('colour')
export const MaterialPage = page('material')
export const PartPage = page('part')
export const CategoryPage = page('category')
export const FunctionPage = page('function')
export const ProtocolPage = page('protocol')
export const NetworkingPage = page('networking')
export const ScenePage = page('scene')
