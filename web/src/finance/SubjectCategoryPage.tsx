// Subject categories (the classes of the chart: assets, liabilities, equity, cost, profit and loss).
import type { SubjectCategory } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { subjectCategoryApi } from './api.ts'
import { f } from './labels.ts'

export default function SubjectCategoryPage() {
  return (
    <CrudScreen<SubjectCategory>
      testId="subject-category-page"
      title="financeConsole.menu.subjectCategory"
      entity="finance.entity.subjectCategory"
      api={subjectCategoryApi}
      idKey="categoryId"
      permission={FinancePermission.subjectCategory}
      columns={[
        { key: 'categoryCode', header: f('code') },
        { key: 'categoryName', header: f('name') },
        { key: 'sort', header: f('sort') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[{ name: 'categoryName', label: f('name'), kind: 'text' }]}
      fields={[
        { name: 'categoryCode', label: f('code'), kind: 'text', required: true, maxLength: 20 },
        { name: 'categoryName', label: f('name'), kind: 'text', required: true, maxLength: 50 },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.categoryName}
    />
  )
}
