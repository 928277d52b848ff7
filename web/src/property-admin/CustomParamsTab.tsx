// Custom params of the current property (SPEC §3, §7): every record (fetched 100 a page), add/edit as JSON, delete.
import { Button, Code, Dialog, Field, Flex, Input, Portal, Table, Text, Textarea } from '@chakra-ui/react'
import { type PropertyCustomParams, PropertyPermission } from '@pms/protocol/api/properties'
import { useCallback, useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { formatDateTime } from '../ui/format.ts'
import { customParamsApi } from './api.ts'
import { CUSTOM_TYPE_MAX, checkDisposition, prettyDisposition } from './customParams.ts'

interface Editing {
  mode: 'add' | 'edit'
  type: string
  text: string
}

export function CustomParamsTab({ propertyId }: { propertyId: number }) {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const [rows, setRows] = useState<PropertyCustomParams[]>([])
  const [loading, setLoading] = useState(false)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [errors, setErrors] = useState<{ type?: string; text?: string }>({})
  const [saving, setSaving] = useState(false)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      setRows(await customParamsApi.listAll({ propertyId }))
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }, [propertyId])
  useEffect(() => {
    void load()
  }, [load])

  const open = (next: Editing) => {
    setErrors({})
    setEditing(next)
  }

  const save = async () => {
    if (!editing) return
    const type = editing.type.trim()
    const found: typeof errors = {}
    if (!type) found.type = t('validation.required', [t('propertyConsole.params.type')])
    else if (type.length > CUSTOM_TYPE_MAX)
      found.type = t('validation.maxLength', [t('propertyConsole.params.type'), CUSTOM_TYPE_MAX])
    const checked = checkDisposition(editing.text, t)
    if (!checked.ok) found.text = checked.error
    setErrors(found)
    if (found.type || !checked.ok) return
    setSaving(true)
    try {
      await customParamsApi.save({ propertyId, type, disposition: checked.disposition })
      notifySuccess(editing.mode === 'add' ? 'add' : 'edit')
      setEditing(null)
      await load()
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false)
    }
  }

  const remove = async (row: PropertyCustomParams) => {
    if (!(await confirmAction(t('propertyConsole.params.confirmDelete', [row.type])))) return
    try {
      await customParamsApi.remove(propertyId, row.type)
      notifySuccess('delete')
      await load()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="3" data-testid="property-params">
      <Flex gap="2">
        {can(PropertyPermission.customParamsEdit) && (
          <Button
            size="sm"
            onClick={() => open({ mode: 'add', type: '', text: '{\n  \n}' })}
            data-testid="params-add"
          >
            {t('crud.add')}
          </Button>
        )}
        <Button size="sm" variant="outline" loading={loading} onClick={() => void load()}>
          {t('crud.refresh')}
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('propertyConsole.params.type')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('propertyConsole.params.disposition')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('propertyConsole.params.updateTime')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('crud.operation')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.type} data-testid="params-row">
                <Table.Cell>{r.type}</Table.Cell>
                <Table.Cell maxW="md">
                  <Code truncate display="block">
                    {r.disposition}
                  </Code>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(r.updateTime)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {can(PropertyPermission.customParamsEdit) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() =>
                        open({ mode: 'edit', type: r.type, text: prettyDisposition(r.disposition) })
                      }
                    >
                      {t('crud.edit')}
                    </Button>
                  )}
                  {can(PropertyPermission.customParamsRemove) && (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(r)}>
                      {t('crud.delete')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && !loading && (
        <Text textAlign="center" color="fg.muted" py="6">
          {t('crud.empty')}
        </Text>
      )}
      <Dialog.Root open={editing !== null} onOpenChange={(e) => !e.open && setEditing(null)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="params-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  {t(editing?.mode === 'edit' ? 'crud.editTitle' : 'crud.addTitle', [
                    t('propertyConsole.params.entity'),
                  ])}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {editing && (
                  <Flex direction="column" gap="3">
                    <Field.Root invalid={Boolean(errors.type)}>
                      <Field.Label>{t('propertyConsole.params.type')}</Field.Label>
                      <Input
                        size="sm"
                        name="type"
                        value={editing.type}
                        disabled={editing.mode === 'edit'}
                        onChange={(e) => setEditing({ ...editing, type: e.target.value })}
                      />
                      {errors.type && <Field.ErrorText>{errors.type}</Field.ErrorText>}
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors.text)}>
                      <Field.Label>{t('propertyConsole.params.disposition')}</Field.Label>
                      <Textarea
                        size="sm"
                        name="disposition"
                        rows={10}
                        fontFamily="mono"
                        value={editing.text}
                        onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                      />
                      {errors.text && <Field.ErrorText>{errors.text}</Field.ErrorText>}
                    </Field.Root>
                  </Flex>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" size="sm" onClick={() => setEditing(null)}>
                  {t('crud.cancel')}
                </Button>
                <Button size="sm" loading={saving} onClick={() => void save()} data-testid="params-save">
                  {t('crud.save')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  )
}
