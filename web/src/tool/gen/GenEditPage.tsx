// Editor of one table's generation config (/gen/edit/:tableId): the resource's names and permission, and per column
// its field name, description and what the list, the search and the form do with it; then preview and download.
import {
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import {
  GEN_QUERY_TYPES,
  type GenColumn,
  type GenTable,
  type GenTableDetail,
  genKindsFor,
} from '@pms/protocol/api/gen'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { feedback } from '../../api/feedback.ts'
import { useT } from '../../i18n/t.ts'
import type { ScreenProps } from '../../screens/props.ts'
import { getGenTable, saveGenTable } from './api.ts'
import { PreviewDialog } from './PreviewDialog.tsx'

const TABLE_FIELDS = [
  'businessName',
  'functionName',
  'moduleName',
  'permissionPrefix',
  'tableComment',
] as const
type Flag = 'isRequired' | 'isList' | 'isQuery' | 'isForm'
const FLAGS: [Flag, string][] = [
  ['isList', 'gen.column.list'],
  ['isQuery', 'gen.column.query'],
  ['isForm', 'gen.column.form'],
  ['isRequired', 'gen.column.required'],
]

export default function GenEditPage({ params }: ScreenProps) {
  const t = useT()
  const [, navigate] = useLocation()
  const tableId = Number(params.tableId)
  const [table, setTable] = useState<GenTableDetail | null>(null)
  const [saving, setSaving] = useState(false)
  const [previewing, setPreviewing] = useState<GenTable | null>(null)
  const closePreview = useCallback(() => setPreviewing(null), [])

  useEffect(() => {
    getGenTable(tableId)
      .then((res) => setTable(res.data ?? null))
      .catch(() => setTable(null))
  }, [tableId])
  if (!table) return null

  const setField = (name: (typeof TABLE_FIELDS)[number], value: string) =>
    setTable({ ...table, [name]: value })
  const setColumn = (columnId: number, change: Partial<GenColumn>) =>
    setTable({
      ...table,
      columns: table.columns.map((c) => (c.columnId === columnId ? { ...c, ...change } : c)),
    })

  const save = async () => {
    setSaving(true)
    try {
      const res = await saveGenTable({
        tableId,
        ...Object.fromEntries(TABLE_FIELDS.map((name) => [name, table[name]])),
        columns: table.columns.map((c) => ({
          columnId: c.columnId,
          columnComment: c.columnComment,
          fieldName: c.fieldName,
          isRequired: c.isRequired,
          isList: c.isList,
          isQuery: c.isQuery,
          queryType: c.queryType,
          isForm: c.isForm,
          inputKind: c.inputKind,
        })),
      })
      if (res.data) setTable(res.data)
      feedback.toast('success', res.msg)
      return true
    } catch {
      // Shown by the request layer (the column and what is wrong with it).
      return false
    } finally {
      setSaving(false)
    }
  }

  return (
    <Stack gap="4" bg="bg" p="4" borderRadius="md" data-testid="gen-edit-page">
      <Flex gap="2" align="center" wrap="wrap">
        <Button size="xs" variant="outline" onClick={() => navigate('/tool/gen')} data-testid="gen-back">
          {t('gen.back')}
        </Button>
        <Heading size="md">
          {t('console.route.genEdit')} · {table.tableName}
        </Heading>
      </Flex>
      <Heading size="sm">{t('gen.tableInfo')}</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {TABLE_FIELDS.map((name) => (
          <Field.Root key={name}>
            <Field.Label>{t(`gen.${name}`)}</Field.Label>
            <Input
              size="sm"
              value={table[name]}
              onChange={(e) => setField(name, e.target.value)}
              data-testid={`gen-field-${name}`}
            />
          </Field.Root>
        ))}
      </SimpleGrid>
      <Heading size="sm">{t('gen.columns')}</Heading>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="gen-columns">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('gen.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('gen.column.type')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('gen.column.comment')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('gen.column.field')}</Table.ColumnHeader>
              {FLAGS.map(([flag, label]) => (
                <Table.ColumnHeader key={flag}>{t(label)}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>{t('gen.column.queryType')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('gen.column.kind')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {table.columns.map((c) => {
              const kinds = genKindsFor(c.columnType)
              return (
                <Table.Row key={c.columnId} data-testid="gen-column" data-column={c.columnName}>
                  <Table.Cell>
                    {c.columnName}
                    {c.isPk && (
                      <Text as="span" color="fg.muted">
                        {' '}
                        (PK)
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {c.columnType}
                    {c.maxLength ? `(${c.maxLength})` : ''}
                  </Table.Cell>
                  <Table.Cell>
                    <Input
                      size="xs"
                      value={c.columnComment}
                      onChange={(e) => setColumn(c.columnId, { columnComment: e.target.value })}
                      data-testid="gen-column-comment"
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <Input
                      size="xs"
                      value={c.fieldName}
                      readOnly={table.declared}
                      onChange={(e) => setColumn(c.columnId, { fieldName: e.target.value })}
                      data-testid="gen-column-field"
                    />
                  </Table.Cell>
                  {FLAGS.map(([flag, label]) => (
                    <Table.Cell key={flag}>
                      <Checkbox.Root
                        size="sm"
                        aria-label={`${c.columnName} ${t(label)}`}
                        checked={c[flag]}
                        onCheckedChange={(e) => setColumn(c.columnId, { [flag]: e.checked === true })}
                        data-testid={`gen-column-${flag}`}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  ))}
                  <Table.Cell>
                    <NativeSelect.Root size="xs">
                      <NativeSelect.Field
                        value={c.queryType}
                        onChange={(e) =>
                          setColumn(c.columnId, { queryType: e.target.value as GenColumn['queryType'] })
                        }
                        data-testid="gen-column-queryType"
                      >
                        {GEN_QUERY_TYPES.map((q) => (
                          <option key={q} value={q}>
                            {t(`gen.queryType.${q}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Table.Cell>
                  <Table.Cell>
                    {kinds.length > 0 && (
                      <NativeSelect.Root size="xs">
                        <NativeSelect.Field
                          value={c.inputKind}
                          onChange={(e) =>
                            setColumn(c.columnId, { inputKind: e.target.value as GenColumn['inputKind'] })
                          }
                          data-testid="gen-column-kind"
                        >
                          {kinds.map((k) => (
                            <option key={k} value={k}>
                              {t(`gen.kind.${k}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    )}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Flex gap="2">
        <Button
          size="sm"
          colorPalette="blue"
          loading={saving}
          onClick={() => void save()}
          data-testid="gen-save"
        >
          {t('gen.save')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={async () => {
            if (await save()) setPreviewing(table)
          }}
          data-testid="gen-save-preview"
        >
          {t('gen.preview')}
        </Button>
      </Flex>
      <PreviewDialog table={previewing} onClose={closePreview} />
    </Stack>
  )
}
