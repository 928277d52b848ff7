// Property administration for platform admins (user type 1): the paged list with filters, add/edit (open key masked),
// delete with confirmation, show/hide online, replace the admin, and the authorisation review (SPEC §4, §6, §7).
import { Badge, Code, Field, Text } from '@chakra-ui/react'
import { type PropertyAdminView, PropertyPermission, PropertyShowFlag } from '@pms/protocol/api/properties'
import { useMemo, useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import type { CrudApi } from '../ui/crud/api.ts'
import { CrudScreen, type EditorProps } from '../ui/crud/CrudScreen.tsx'
import type { Column, RowAction } from '../ui/crud/CrudTable.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { formatDateTime } from '../ui/format.ts'
import { propertyAdminApi } from './api.ts'
import { AUTH_STATES, authStateKey, authStatePalette } from './authState.ts'
import { propertyBody, propertyFieldDefs } from './fields.ts'
import { usePropertyTypes } from './PropertySettingsPage.tsx'
import { ReplaceAdminDialog } from './ReplaceAdminDialog.tsx'
import { ReviewDialog } from './ReviewDialog.tsx'

const api: CrudApi<PropertyAdminView> = {
  list: (params, options) => propertyAdminApi.listByAdmin(params, options),
  get: (id) => propertyAdminApi.get(id),
  add: (body) => propertyAdminApi.addByAdmin(body as never),
  edit: (body) => propertyAdminApi.editByAdmin(body as never) as never,
  remove: (ids) => propertyAdminApi.remove(ids),
}

const SEARCH: readonly FieldDef[] = [
  { name: 'propertyName', label: 'propertyConsole.field.name', kind: 'text' },
  { name: 'propertyCode', label: 'console.property.code', kind: 'text' },
  { name: 'address', label: 'console.property.address', kind: 'text' },
  {
    name: 'authState',
    label: 'propertyConsole.auth.state',
    kind: 'select',
    options: AUTH_STATES.map((s) => ({ value: s, label: authStateKey(s) })),
  },
]

/** The record as the edit form starts: a derived code is not a stored one. */
const formRecord = (p: PropertyAdminView) => ({
  ...p,
  propertyCode: p.propertyCodeDerived ? '' : p.propertyCode,
})

export default function PropertyAdminPage() {
  const t = useT()
  const types = usePropertyTypes()
  const fields = useMemo(() => propertyFieldDefs(types, { code: true }), [types])
  const [reviewing, setReviewing] = useState<PropertyAdminView | null>(null)
  const [replacing, setReplacing] = useState<PropertyAdminView | null>(null)
  // The list's reload, handed over by the toolbar render so the dialogs can refresh it after a change.
  const reloadList = useRef<() => void>(() => {})
  const reload = () => reloadList.current()

  const toggleShow = async (row: PropertyAdminView) => {
    const next = row.showFlag === PropertyShowFlag.shown ? PropertyShowFlag.hidden : PropertyShowFlag.shown
    try {
      await propertyAdminApi.show(row.propertyId, next)
      notifySuccess('operation')
      reload()
    } catch {
      // Shown by the request layer.
    }
  }

  const columns: Column<PropertyAdminView>[] = [
    { key: 'propertyCode', header: 'console.property.code' },
    { key: 'propertyName', header: 'propertyConsole.field.name' },
    { key: 'address', header: 'console.property.address' },
    {
      key: 'types',
      header: 'propertyConsole.field.types',
      // In the reader's language (the server's `types` are the dictionary's stored labels).
      render: (r) =>
        r.propertyTypes
          .map((v, i) => types.find((d) => d.dictValue === v)?.dictLabel ?? r.types[i] ?? v)
          .join(', '),
    },
    {
      key: 'authState',
      header: 'propertyConsole.auth.state',
      render: (r) => (
        <Badge
          colorPalette={authStatePalette(r.authState)}
          data-testid="admin-auth-state"
          data-state={r.authState}
        >
          {t(authStateKey(r.authState))}
        </Badge>
      ),
    },
    {
      key: 'showFlag',
      header: 'propertyConsole.show.column',
      render: (r) =>
        t(
          r.showFlag === PropertyShowFlag.shown
            ? 'propertyConsole.show.shown'
            : 'propertyConsole.show.hidden',
        ),
    },
    {
      key: 'createTime',
      header: 'propertyConsole.field.createTime',
      render: (r) => formatDateTime(r.createTime),
    },
  ]

  const actions: RowAction<PropertyAdminView>[] = [
    {
      key: 'review',
      label: 'propertyConsole.review.action',
      permission: PropertyPermission.review,
      onSelect: setReviewing,
    },
    {
      key: 'show',
      label: 'propertyConsole.show.toggle',
      permission: PropertyPermission.edit,
      onSelect: (row) => void toggleShow(row),
    },
    {
      key: 'replaceAdmin',
      label: 'propertyConsole.admin.replace',
      permission: PropertyPermission.edit,
      onSelect: setReplacing,
    },
  ]

  const editor = (props: EditorProps<PropertyAdminView>) => (
    <FormDialog
      open={props.open}
      mode={props.mode}
      entity="propertyConsole.entity"
      fields={fields}
      record={props.record ? formRecord(props.record) : undefined}
      onClose={props.onClose}
      testId="property-admin-dialog"
      onSubmit={async (_body, values) => {
        const body = propertyBody(values)
        if (props.mode === 'add') await propertyAdminApi.addByAdmin(body)
        else await propertyAdminApi.editByAdmin({ ...body, propertyId: props.record!.propertyId })
        notifySuccess(props.mode === 'add' ? 'add' : 'edit')
        props.onSaved()
      }}
    >
      {props.mode === 'edit' && props.record && (
        <Field.Root>
          <Field.Label>{t('propertyConsole.field.openKey')}</Field.Label>
          <Code data-testid="property-open-key">{props.record.openKey}</Code>
          <Text fontSize="xs" color="fg.muted">
            {t('propertyConsole.field.openKeyHint')}
          </Text>
        </Field.Root>
      )}
    </FormDialog>
  )

  return (
    <>
      <CrudScreen<PropertyAdminView>
        testId="property-admin"
        title="propertyConsole.menu.admin"
        entity="propertyConsole.entity"
        api={api}
        idKey="propertyId"
        permission="pms:pmsProperty"
        columns={columns}
        search={SEARCH}
        editor={editor}
        nameOf={(r) => r.propertyName}
        loadForEdit
        actions={actions}
        toolbar={(list) => {
          reloadList.current = () => void list.reload()
          return null
        }}
      />
      <ReviewDialog property={reviewing} onClose={() => setReviewing(null)} onSaved={reload} />
      <ReplaceAdminDialog property={replacing} onClose={() => setReplacing(null)} onSaved={reload} />
    </>
  )
}
