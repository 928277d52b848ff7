// A platform user binds a staff account to properties, with its role in each, and picks its default property.
import { Button, Dialog, Flex, NativeSelect, Portal, RadioGroup, Table, Text } from '@chakra-ui/react'
import type { RoleOption, SysUserView, UserPropertyBinding } from '@pms/protocol/api/system'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import type { Option } from '../../ui/crud/fields.ts'
import { userApi } from './api.ts'

interface Props {
  user: SysUserView | null
  properties: Option[]
  roles: RoleOption[]
  onClose: () => void
  onSaved: () => void
}

export function UserPropertiesDialog({ user, properties, roles, onClose, onSaved }: Props) {
  const t = useT()
  const [rows, setRows] = useState<UserPropertyBinding[]>([])
  const [defaultId, setDefaultId] = useState(0)
  const [adding, setAdding] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!user) return
    setRows([])
    setAdding('')
    userApi
      .properties(user.userId)
      .then((r) => {
        setRows(r.data?.bindings ?? [])
        setDefaultId(r.data?.defaultPropertyId ?? 0)
      })
      .catch(() => setRows([]))
  }, [user])

  const nameOf = (id: number) => properties.find((p) => p.value === String(id))?.label ?? String(id)
  const free = properties.filter((p) => !rows.some((r) => String(r.propertyId) === p.value))
  const save = async () => {
    if (!user) return
    setBusy(true)
    try {
      const ids = rows.map((r) => r.propertyId)
      await userApi.setProperties({
        userId: user.userId,
        defaultPropertyId: ids.includes(defaultId) ? defaultId : (ids[0] ?? 0),
        bindings: rows.map((r) => ({ propertyId: r.propertyId, roleId: r.roleId })),
      })
      notifySuccess('edit')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={user !== null} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-properties-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('adminConsole.user.propertiesOf', [user?.nickName ?? ''])}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <RadioGroup.Root value={String(defaultId)} onValueChange={(e) => setDefaultId(Number(e.value))}>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('adminConsole.user.property')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('adminConsole.user.role')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('adminConsole.user.default')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((r) => (
                      <Table.Row key={r.propertyId} data-testid="user-binding" data-id={r.propertyId}>
                        <Table.Cell>{r.propertyName ?? nameOf(r.propertyId)}</Table.Cell>
                        <Table.Cell>
                          <NativeSelect.Root size="xs">
                            <NativeSelect.Field
                              data-testid="user-binding-role"
                              value={r.roleId ? String(r.roleId) : ''}
                              onChange={(e) =>
                                setRows((all) =>
                                  all.map((x) =>
                                    x.propertyId === r.propertyId
                                      ? { ...x, roleId: e.target.value ? Number(e.target.value) : null }
                                      : x,
                                  ),
                                )
                              }
                            >
                              <option value="">{t('crud.choose')}</option>
                              {roles.map((o) => (
                                <option key={o.roleId} value={o.roleId}>
                                  {o.roleName}
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Table.Cell>
                        <Table.Cell>
                          <RadioGroup.Item value={String(r.propertyId)} data-testid="user-binding-default">
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                          </RadioGroup.Item>
                        </Table.Cell>
                        <Table.Cell>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            onClick={() => setRows((all) => all.filter((x) => x.propertyId !== r.propertyId))}
                            data-testid="user-binding-remove"
                          >
                            {t('crud.delete')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </RadioGroup.Root>
              {rows.length === 0 && <Text color="fg.muted">{t('adminConsole.user.noBindings')}</Text>}
              <Flex gap="2" mt="3">
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    data-testid="user-binding-add-property"
                    value={adding}
                    onChange={(e) => setAdding(e.target.value)}
                  >
                    <option value="">{t('crud.choose')}</option>
                    {free.map((p) => (
                      <option key={p.value} value={p.value}>
                        {p.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="sm"
                  disabled={!adding}
                  onClick={() => {
                    const propertyId = Number(adding)
                    setRows((all) => [...all, { propertyId, propertyName: nameOf(propertyId), roleId: null }])
                    if (rows.length === 0) setDefaultId(propertyId)
                    setAdding('')
                  }}
                  data-testid="user-binding-add"
                >
                  {t('adminConsole.user.addBinding')}
                </Button>
              </Flex>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                onClick={() => void save()}
                data-testid="user-properties-save"
              >
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
