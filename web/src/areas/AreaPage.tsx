// The area list (SPEC §2.7): area type, name, remark and an operation menu (edit; delete with confirmation) whose
// items need pms:pmsArea:edit / :remove; page sizes 10/20/30/50 (10 by default); multi-row selection; the list
// is asked for only with pms:pmsArea:list, and a failed load is swallowed silently.
import { crudApi } from '../ui/crud/api.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'

export interface Area {
  areaId: number
  areaType: string
  areaName: string
  remark: string
}

export const areaApi = crudApi<Area>('/pms/pmsArea')

const f = (name: string) => `roomStockConsole.field.${name}`

export const AREA_FIELDS: FieldDef[] = [
  { name: 'areaType', label: f('areaType'), kind: 'text', required: true, maxLength: 50 },
  { name: 'areaName', label: f('areaName'), kind: 'text', required: true, maxLength: 50 },
  { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
]

export default function AreaPage() {
  return (
    <CrudScreen<Area>
      testId="area-page"
      title="roomStockConsole.menu.area"
      entity="roomStockConsole.entity.area"
      api={areaApi}
      idKey="areaId"
      permission="pms:pmsArea"
      silentFailure
      defaultPageSize={10}
      columns={[
        { key: 'areaType', header: f('areaType') },
        { key: 'areaName', header: f('areaName') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'areaType', label: f('areaType'), kind: 'text' },
        { name: 'areaName', label: f('areaName'), kind: 'text' },
      ]}
      fields={AREA_FIELDS}
      nameOf={(a) => a.areaName}
    />
  )
}
