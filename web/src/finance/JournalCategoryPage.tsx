// Income and expense categories of the cash journal: groups with their children (the list is flattened, children
// indented under their group); a child names a leaf subject.
import type { JournalCategory } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { journalCategoryApi } from './api.ts'
import { FLOWS, f } from './labels.ts'
import { subjectLabel, subjectOptions, useBooks } from './useBooks.ts'

export default function JournalCategoryPage() {
  const t = useT()
  const { subjects, journalCategories } = useBooks()
  const groups = journalCategories.map((g) => ({
    value: String(g.categoryId),
    label: g.categoryName,
    raw: true,
  }))
  const subjectName = (id: number | null) => {
    const s = subjects.find((x) => x.subjectId === id)
    return s ? subjectLabel(s) : ''
  }
  return (
    <CrudScreen<JournalCategory>
      testId="journal-category-page"
      title="financeConsole.menu.journalCategory"
      entity="finance.entity.journalCategory"
      api={journalCategoryApi}
      idKey="categoryId"
      permission={FinancePermission.journalCategory}
      defaultPageSize={100}
      columns={[
        {
          key: 'categoryName',
          header: f('name'),
          render: (r) => <span style={{ paddingLeft: r.parentId ? '16px' : 0 }}>{r.categoryName}</span>,
        },
        { key: 'flow', header: f('flow'), render: (r) => t(`financeConsole.flow.${r.flow}`) },
        { key: 'subjectId', header: f('subject'), render: (r) => subjectName(r.subjectId) },
        { key: 'sort', header: f('sort') },
      ]}
      fields={[
        { name: 'parentId', label: f('parent'), kind: 'select', numeric: true, options: groups },
        { name: 'categoryName', label: f('name'), kind: 'text', required: true, maxLength: 50 },
        { name: 'flow', label: f('flow'), kind: 'select', required: true, options: FLOWS },
        {
          name: 'subjectId',
          label: f('subject'),
          kind: 'select',
          numeric: true,
          options: subjectOptions(subjects, true),
        },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ flow: 'in' }}
      nameOf={(r) => r.categoryName}
    />
  )
}
