// Picks tables of the database that are not imported yet (name filter, one page of up to 100) and imports them.
import { Button, Checkbox, Flex, Input, Stack, Text } from '@chakra-ui/react'
import type { DbTable } from '@pms/protocol/api/gen'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../../api/feedback.ts'
import { useT } from '../../i18n/t.ts'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../../ui/crud/fields.ts'
import { importTables, listDbTables } from './api.ts'

// The tables are picked with their own checkboxes, not form fields.
const NO_FIELDS: readonly FieldDef[] = []

interface Props {
  open: boolean
  onClose: () => void
  onImported: () => void
}

export function ImportDialog({ open, onClose, onImported }: Props) {
  const t = useT()
  const [name, setName] = useState('')
  const [tables, setTables] = useState<DbTable[] | null>(null)
  const [chosen, setChosen] = useState<Set<string>>(new Set())

  const load = useCallback(async (filter: string) => {
    try {
      const res = await listDbTables({ tableName: filter, pageNum: 1, pageSize: 100 })
      setTables(res.rows)
    } catch {
      setTables([])
    }
  }, [])
  useEffect(() => {
    if (!open) return
    setName('')
    setChosen(new Set())
    setTables(null)
    void load('')
  }, [open, load])

  const toggle = (tableName: string, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c)
      if (on) next.add(tableName)
      else next.delete(tableName)
      return next
    })

  const pickedSome = () => {
    if (chosen.size > 0) return true
    feedback.toast('error', t('gen.importPick'))
    return false
  }
  const save = async () => {
    const res = await importTables([...chosen])
    feedback.toast('success', res.msg)
    onImported()
  }

  return (
    <FormDialog
      open={open}
      mode="add"
      entity="gen.importTitle"
      title="gen.importTitle"
      saveLabel="gen.import"
      fields={NO_FIELDS}
      onClose={onClose}
      onSubmit={save}
      validateExtra={pickedSome}
      testId="gen-import-dialog"
    >
      <Stack gap="3">
        <Flex gap="2">
          <Input
            size="sm"
            value={name}
            placeholder={t('gen.tableName')}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void load(name)}
            data-testid="gen-import-name"
          />
          <Button size="sm" variant="outline" onClick={() => void load(name)} data-testid="gen-import-search">
            {t('gen.search')}
          </Button>
        </Flex>
        {tables?.length === 0 && <Text color="fg.muted">{t('gen.importNone')}</Text>}
        {tables?.map((table) => (
          <Checkbox.Root
            key={table.tableName}
            size="sm"
            checked={chosen.has(table.tableName)}
            onCheckedChange={(e) => toggle(table.tableName, e.checked === true)}
            data-testid="gen-import-table"
            data-table={table.tableName}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {table.tableName}
              {table.tableComment && (
                <Text as="span" color="fg.muted">
                  {' '}
                  · {table.tableComment}
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </FormDialog>
  )
}
