// The property's shipping addresses: add, edit, delete, and which one is the default (phones masked).
import { Badge, Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react'
import type { ShipAddress } from '@pms/protocol/api/shop'
import { maskPhone } from '@pms/protocol/format/validators'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { AddressDialog } from './AddressDialog.tsx'
import { addressApi } from './api.ts'
import { f } from './labels.ts'

export default function AddressPage() {
  const t = useT()
  const [rows, setRows] = useState<ShipAddress[] | null>(null)
  const [editing, setEditing] = useState<{ record?: ShipAddress } | null>(null)
  const reload = useCallback(async () => {
    try {
      setRows((await addressApi.listAll()).data ?? [])
    } catch {
      setRows([])
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  const makeDefault = async (a: ShipAddress) => {
    const res = await addressApi.edit({ addressId: a.addressId, isDefault: true }).catch(() => null)
    if (res) feedback.toast('success', res.msg)
    await reload()
  }
  const remove = async (a: ShipAddress) => {
    if (!(await confirmAction(t('crud.confirmDelete', [a.address])))) return
    await addressApi.remove([a.addressId]).catch(() => {})
    await reload()
  }
  return (
    <Box p="4" data-testid="shop-address-page">
      <Flex justify="space-between" align="center" mb="3">
        <Heading size="md">{t('shop.menu.addresses')}</Heading>
        <Button size="sm" colorPalette="blue" data-testid="shop-address-add" onClick={() => setEditing({})}>
          {t('crud.add')}
        </Button>
      </Flex>
      {rows && rows.length === 0 && <Text color="gray.500">{t('shop.noAddress')}</Text>}
      {rows && rows.length > 0 && (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t(f('consignee'))}</Table.ColumnHeader>
              <Table.ColumnHeader>{t(f('phone'))}</Table.ColumnHeader>
              <Table.ColumnHeader>{t(f('address'))}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((a) => (
              <Table.Row key={a.addressId} data-testid={`shop-address-${a.addressId}`}>
                <Table.Cell>{a.consignee}</Table.Cell>
                <Table.Cell>{maskPhone(a.phone)}</Table.Cell>
                <Table.Cell>
                  {a.address} {a.isDefault && <Badge colorPalette="green">{t('shop.field.isDefault')}</Badge>}
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" justify="flex-end">
                    {!a.isDefault && (
                      <Button size="xs" variant="ghost" onClick={() => void makeDefault(a)}>
                        {t('shop.action.setDefault')}
                      </Button>
                    )}
                    <Button size="xs" variant="ghost" onClick={() => setEditing({ record: a })}>
                      {t('crud.edit')}
                    </Button>
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(a)}>
                      {t('crud.delete')}
                    </Button>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <AddressDialog
        open={editing !== null}
        record={editing?.record}
        onClose={() => setEditing(null)}
        onSaved={() => void reload()}
      />
    </Box>
  )
}
