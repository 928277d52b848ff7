// A table of one page of records: optional multi-row selection and a per-row operation menu whose items the user's
// permissions filter (an item without permission is not rendered at all; a menu left empty disappears).
import { Button, Checkbox, Menu, Portal, Spinner, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/t.ts'
import { menuAction } from '../menu.ts'
import { headerState, type Selection, toggleAll, toggleRow } from './paging.ts'
import { type Guarded, permitted } from './permissions.ts'

export interface Column<R> {
  key: string
  /** Language-pack key of the header. */
  header: string
  render?: (row: R) => ReactNode
  width?: string
  align?: 'start' | 'end' | 'center'
}

export interface RowAction<R> extends Guarded {
  key: string
  /** Language-pack key. */
  label: string
  onSelect: (row: R) => void
  danger?: boolean
  /** Shown only for the rows this accepts (e.g. 'set admin' for non-admins). */
  when?: (row: R) => boolean
}

interface Props<R> {
  testId?: string
  rows: readonly R[]
  idKey: keyof R & string
  columns: readonly Column<R>[]
  actions?: readonly RowAction<R>[]
  permissions: readonly string[]
  /** Multi-row selection; left out: no checkboxes. */
  selection?: Selection
  onSelection?: (next: Selection) => void
  loading?: boolean
}

export function CrudTable<R>({
  testId = 'crud-table',
  rows,
  idKey,
  columns,
  actions = [],
  permissions,
  selection,
  onSelection,
  loading,
}: Props<R>) {
  const t = useT()
  const shown = permitted(actions, permissions)
  const ids = rows.map((r) => Number(r[idKey]))
  const selectable = selection !== undefined && onSelection !== undefined
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" data-testid={testId}>
      <Table.Root size="sm" striped>
        <Table.Header>
          <Table.Row>
            {selectable && (
              <Table.ColumnHeader width="40px">
                <Checkbox.Root
                  size="sm"
                  aria-label={t('crud.selectAll')}
                  checked={headerState(selection, ids)}
                  onCheckedChange={() => onSelection(toggleAll(selection, ids))}
                  data-testid="crud-select-all"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} width={c.width} textAlign={c.align}>
                {t(c.header)}
              </Table.ColumnHeader>
            ))}
            {shown.length > 0 && (
              <Table.ColumnHeader width="90px" data-testid="crud-operation-header">
                {t('crud.operation')}
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const id = Number(row[idKey])
            return (
              <Table.Row key={id} data-testid="crud-row" data-id={id}>
                {selectable && (
                  <Table.Cell>
                    <Checkbox.Root
                      size="sm"
                      aria-label={t('crud.selectRow')}
                      checked={selection.has(id)}
                      onCheckedChange={(e) => onSelection(toggleRow(selection, id, e.checked === true))}
                      data-testid="crud-select-row"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                {columns.map((c) => (
                  <Table.Cell key={c.key} textAlign={c.align} data-col={c.key}>
                    {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                  </Table.Cell>
                ))}
                {shown.length > 0 && (
                  <Table.Cell>
                    <RowMenu row={row} actions={shown} />
                  </Table.Cell>
                )}
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
      {rows.length === 0 && (
        <Text textAlign="center" color="fg.muted" py="6" data-testid="crud-empty">
          {loading ? <Spinner size="sm" /> : t('crud.empty')}
        </Text>
      )}
    </Table.ScrollArea>
  )
}

function RowMenu<R>({ row, actions: all }: { row: R; actions: readonly RowAction<R>[] }) {
  const t = useT()
  const actions = all.filter((a) => !a.when || a.when(row))
  if (actions.length === 0) return null
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="xs" variant="ghost" data-testid="crud-row-menu">
          {t('crud.operation')} ▾
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((a) => (
              <Menu.Item
                key={a.key}
                value={a.key}
                color={a.danger ? 'fg.error' : undefined}
                data-testid={`crud-action-${a.key}`}
                onClick={menuAction(() => a.onSelect(row))}
              >
                {t(a.label)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
