// The chart of accounts: subjects in code order, indented by level, with category, direction and leaf flag. A child
// subject is added from its parent's row (code prefilled with the parent's, category and direction inherited) or by
// naming the parent in the add dialog; its code is the parent's plus two digits (the server checks).
import { Badge } from '@chakra-ui/react'
import type { Subject } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import type { CrudList } from '../ui/crud/useCrudList.ts'
import { subjectApi } from './api.ts'
import { DIRECTIONS, ENABLED_STATES, f } from './labels.ts'
import { subjectOptions, useBooks } from './useBooks.ts'

export default function SubjectPage() {
  const t = useT()
  const { subjects, categories } = useBooks()
  const categoryOptions = categories.map((c) => ({
    value: String(c.categoryId),
    label: c.categoryName,
    raw: true,
  }))
  // Each detail names its category: the server refuses a detail of another category.
  const detailOptions = categories.flatMap((c) =>
    c.details.map((d) => ({
      value: String(d.detailId),
      label: `${c.categoryName}/${d.detailName}`,
      raw: true,
    })),
  )
  const categoryName = (id: number) => categories.find((c) => c.categoryId === id)?.categoryName ?? ''
  const [childOf, setChildOf] = useState<Subject>()
  const fields: FieldDef[] = [
    {
      name: 'parentId',
      label: f('parent'),
      kind: 'select',
      numeric: true,
      options: subjectOptions(subjects),
      only: 'add',
    },
    {
      name: 'subjectCode',
      label: f('subjectCode'),
      kind: 'text',
      required: true,
      maxLength: 14,
      only: 'add',
    },
    { name: 'subjectName', label: f('subjectName'), kind: 'text', required: true, maxLength: 50 },
    {
      name: 'categoryId',
      label: f('category'),
      kind: 'select',
      numeric: true,
      required: true,
      options: categoryOptions,
    },
    { name: 'detailId', label: f('detail'), kind: 'select', numeric: true, options: detailOptions },
    { name: 'direction', label: f('direction'), kind: 'select', required: true, options: DIRECTIONS },
    { name: 'state', label: f('state'), kind: 'select', options: ENABLED_STATES },
    { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
  ]
  const list = useRef<CrudList<Subject>>(undefined)
  return (
    <>
      <CrudScreen<Subject>
        testId="subject-page"
        title="financeConsole.menu.subject"
        entity="finance.entity.subject"
        api={subjectApi}
        idKey="subjectId"
        permission={FinancePermission.subject}
        defaultPageSize={50}
        columns={[
          {
            key: 'subjectCode',
            header: f('subjectCode'),
            render: (r) => (
              <span style={{ paddingLeft: `${(r.subjectCode.length - 4) * 8}px` }}>{r.subjectCode}</span>
            ),
          },
          { key: 'subjectName', header: f('subjectName') },
          { key: 'categoryId', header: f('category'), render: (r) => categoryName(r.categoryId) },
          {
            key: 'direction',
            header: f('direction'),
            render: (r) => t(`financeConsole.direction.${r.direction}`),
          },
          {
            key: 'leaf',
            header: f('leaf'),
            render: (r) =>
              r.leaf ? <Badge colorPalette="green">{t('financeConsole.yes')}</Badge> : t('financeConsole.no'),
          },
          {
            key: 'state',
            header: f('state'),
            render: (r) =>
              t(r.state === '1' ? 'financeConsole.state.disabled' : 'financeConsole.state.enabled'),
          },
        ]}
        search={[
          { name: 'subjectCode', label: f('subjectCode'), kind: 'text' },
          { name: 'subjectName', label: f('subjectName'), kind: 'text' },
          {
            name: 'categoryId',
            label: f('category'),
            kind: 'select',
            options: categoryOptions,
            placeholder: 'crud.all',
          },
        ]}
        fields={fields}
        defaults={{ direction: 'debit', state: '0' }}
        nameOf={(r) => `${r.subjectCode} ${r.subjectName}`}
        actions={[
          {
            key: 'addChild',
            label: 'financeConsole.addChild',
            permission: `${FinancePermission.subject}:add`,
            onSelect: (row) => setChildOf(row),
          },
        ]}
        toolbar={(l) => {
          list.current = l
          return null
        }}
      />
      <FormDialog
        open={childOf !== undefined}
        mode="add"
        entity="finance.entity.subject"
        fields={fields}
        testId="subject-child-dialog"
        record={
          childOf && {
            parentId: childOf.subjectId,
            subjectCode: childOf.subjectCode,
            categoryId: childOf.categoryId,
            detailId: childOf.detailId,
            direction: childOf.direction,
            state: '0',
          }
        }
        onClose={() => setChildOf(undefined)}
        onSubmit={async (body) => {
          await subjectApi.add(body)
          notifySuccess('add')
          void list.current?.reload()
        }}
      />
    </>
  )
}
