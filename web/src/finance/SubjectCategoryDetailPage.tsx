// Subject category details: the sub-classes of each category (current assets, non-current assets, …).
import type { SubjectCategoryDetail } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { subjectCategoryDetailApi } from './api.ts'
import { f } from './labels.ts'
import { useBooks } from './useBooks.ts'

export default function SubjectCategoryDetailPage() {
  const { categories } = useBooks()
  const options = categories.map((c) => ({
    value: String(c.categoryId),
    label: `${c.categoryCode} ${c.categoryName}`,
    raw: true,
  }))
  const nameOf = (id: number) => options.find((o) => o.value === String(id))?.label ?? ''
  return (
    <CrudScreen<SubjectCategoryDetail>
      testId="subject-category-detail-page"
      title="financeConsole.menu.subjectCategoryDetail"
      entity="finance.entity.subjectCategoryDetail"
      api={subjectCategoryDetailApi}
      idKey="detailId"
      permission={FinancePermission.subjectCategoryDetail}
      columns={[
        { key: 'categoryId', header: f('category'), render: (r) => nameOf(r.categoryId) },
        { key: 'detailCode', header: f('code') },
        { key: 'detailName', header: f('name') },
        { key: 'sort', header: f('sort') },
      ]}
      search={[
        { name: 'categoryId', label: f('category'), kind: 'select', options, placeholder: 'crud.all' },
        { name: 'detailName', label: f('name'), kind: 'text' },
      ]}
      fields={[
        { name: 'categoryId', label: f('category'), kind: 'select', numeric: true, required: true, options },
        { name: 'detailCode', label: f('code'), kind: 'text', required: true, maxLength: 20 },
        { name: 'detailName', label: f('name'), kind: 'text', required: true, maxLength: 50 },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.detailName}
    />
  )
}
