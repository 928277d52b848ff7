// A whole list screen from a description: search, toolbar (add, delete selected, refresh), the paged table with
// selection and a permission-filtered operation menu (edit; delete with confirmation), and the add/edit dialog.
import { Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import type { Params } from '../../api/query.ts'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import type { CrudApi } from './api.ts'
import { type Column, CrudTable, type RowAction } from './CrudTable.tsx'
import { FormDialog } from './FormDialog.tsx'
import type { FieldDef } from './fields.ts'
import { PageBar } from './PageBar.tsx'
import { crudPermissions, permitted } from './permissions.ts'
import { confirmRemove } from './remove.ts'
import { SearchBar } from './SearchBar.tsx'
import { type CrudList, useCrudList } from './useCrudList.ts'
import { usePermissions } from './usePermissions.ts'

export interface EditorProps<R> {
  open: boolean
  mode: 'add' | 'edit'
  record?: R
  onClose: () => void
  /** Call after a successful save: shows nothing itself, reloads the list. */
  onSaved: () => void
}

export interface CrudScreenProps<R> {
  testId: string
  /** Language-pack keys: the screen title and the record's name ('Add {entity}'). */
  title: string
  entity: string
  api: CrudApi<R>
  idKey: keyof R & string
  /** Permission prefix: :list gates the list call, :add/:edit/:remove show the operations. */
  permission: string
  columns: readonly Column<R>[]
  search?: readonly FieldDef[]
  /** Fields of the default add/edit dialog. */
  fields?: readonly FieldDef[]
  /** A screen's own dialog instead of the default one. */
  editor?: (props: EditorProps<R>) => ReactNode
  /** What the delete confirmation names. */
  nameOf: (row: R) => string
  /** Rows that may be deleted (e.g. not a built-in one); left out: all. */
  canRemove?: (row: R) => boolean
  /** Fetch the record (GET {base}/{id}) before editing, for fields the list leaves out (child rows). */
  loadForEdit?: boolean
  /** Filters on every call. */
  fixed?: Params
  /** A failed list load shows nothing (SPEC §2.7). */
  silentFailure?: boolean
  defaultPageSize?: number
  /** More row operations after edit and delete. */
  actions?: readonly RowAction<R>[]
  /** Values a new record's form starts with, e.g. state enabled. */
  defaults?: Record<string, unknown>
  /** Extra toolbar buttons; gets the list to reload it. */
  toolbar?: (list: CrudList<R>) => ReactNode
  /** The standard operations the resource has (a review list has none, an application no delete); left out: all. */
  operations?: ReadonlyArray<'add' | 'edit' | 'remove'>
}

export function CrudScreen<R>(props: CrudScreenProps<R>) {
  const t = useT()
  const permissions = usePermissions()
  const perms = crudPermissions(props.permission)
  const offered = new Set(props.operations ?? ['add', 'edit', 'remove'])
  // An operation the resource does not have is never shown, whatever the user holds ('*:*:*' included).
  const can = (p: string) =>
    (p === perms.add
      ? offered.has('add')
      : p === perms.edit
        ? offered.has('edit')
        : p === perms.remove
          ? offered.has('remove')
          : true) && permitted([{ permission: p }], permissions).length > 0
  const list = useCrudList<R>({
    list: props.api.list,
    idKey: props.idKey,
    enabled: can(perms.list),
    silentFailure: props.silentFailure,
    defaultPageSize: props.defaultPageSize,
    fixed: props.fixed,
  })
  const [editing, setEditing] = useState<{ mode: 'add' | 'edit'; record?: R } | null>(null)

  const openEdit = async (row: R) => {
    if (!props.loadForEdit) return setEditing({ mode: 'edit', record: row })
    try {
      const res = await props.api.get(Number(row[props.idKey]))
      setEditing({ mode: 'edit', record: res.data ?? row })
    } catch {
      // Shown by the request layer.
    }
  }
  const remove = async (ids: number[], name?: string) => {
    try {
      if (await confirmRemove(ids, props.api.remove, name)) list.afterRemoval(ids.length)
    } catch {
      // Shown by the request layer (e.g. still in use).
    }
  }

  const actions: RowAction<R>[] = [
    ...(offered.has('edit')
      ? [
          {
            key: 'edit',
            label: 'crud.edit',
            permission: perms.edit,
            onSelect: (row: R) => void openEdit(row),
          },
        ]
      : []),
    ...(offered.has('remove')
      ? [
          {
            key: 'delete',
            label: 'crud.delete',
            permission: perms.remove,
            danger: true,
            when: props.canRemove,
            onSelect: (row: R) => void remove([Number(row[props.idKey])], props.nameOf(row)),
          },
        ]
      : []),
    ...(props.actions ?? []),
  ]
  const editorProps: EditorProps<R> = {
    open: editing !== null,
    mode: editing?.mode ?? 'add',
    record: editing?.record,
    onClose: () => setEditing(null),
    onSaved: () => void list.reload(),
  }

  return (
    <Flex
      direction="column"
      gap="3"
      bg="bg"
      p="4"
      borderRadius="md"
      data-testid={props.testId}
      aria-busy={list.loading}
    >
      <Heading size="md">{t(props.title)}</Heading>
      {props.search && props.search.length > 0 && <SearchBar fields={props.search} onSearch={list.search} />}
      <Flex gap="2" align="center" wrap="wrap">
        {can(perms.add) && (
          <Button
            size="sm"
            colorPalette="blue"
            onClick={() => setEditing({ mode: 'add' })}
            data-testid="crud-add"
          >
            {t('crud.add')}
          </Button>
        )}
        {can(perms.remove) && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={list.selection.size === 0}
            onClick={() => void remove([...list.selection])}
            data-testid="crud-delete-selected"
          >
            {t('crud.delete')}
          </Button>
        )}
        {props.toolbar?.(list)}
        <Button size="sm" variant="outline" onClick={() => void list.reload()} data-testid="crud-refresh">
          {t('crud.refresh')}
        </Button>
        {list.selection.size > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="crud-selected">
            {t('crud.selected', [list.selection.size])}
          </Text>
        )}
        {list.loading && <Spinner size="sm" />}
      </Flex>
      <CrudTable
        rows={list.rows}
        idKey={props.idKey}
        columns={props.columns}
        actions={actions}
        permissions={permissions}
        selection={offered.has('remove') ? list.selection : undefined}
        onSelection={list.setSelection}
        loading={list.loading}
      />
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      {props.editor
        ? props.editor(editorProps)
        : props.fields && (
            <FormDialog
              open={editorProps.open}
              mode={editorProps.mode}
              entity={props.entity}
              fields={props.fields}
              record={(editorProps.record as Record<string, unknown> | undefined) ?? props.defaults}
              onClose={editorProps.onClose}
              onSubmit={async (body) => {
                if (editorProps.mode === 'add') await props.api.add(body)
                else
                  await props.api.edit({
                    ...body,
                    [props.idKey]: Number((editorProps.record as R)[props.idKey]),
                  })
                notifySuccess(editorProps.mode === 'add' ? 'add' : 'edit')
                editorProps.onSaved()
              }}
            />
          )}
    </Flex>
  )
}
