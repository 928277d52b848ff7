// Checkout (property users): the chosen cart lines, where to ship them (the default address first; a new one can be
// added here), a remark, and the order placed at the total shown — a price changed meanwhile is refused by the server.
import { Box, Button, Flex, Heading, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react'
import type { CartLine, ShipAddress } from '@pms/protocol/api/shop'
import { maskPhone } from '@pms/protocol/format/validators'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { AddressDialog } from './AddressDialog.tsx'
import { addressApi, cartApi, ShopPath, shopOrderApi } from './api.ts'

export default function CheckoutPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const search = useSearch()
  const wanted = (new URLSearchParams(search).get('cartIds') ?? '')
    .split(',')
    .filter((s) => /^\d{1,15}$/.test(s))
    .map(Number)
  const wantedKey = wanted.join(',')
  const [lines, setLines] = useState<CartLine[] | null>(null)
  const [addresses, setAddresses] = useState<ShipAddress[]>([])
  const [addressId, setAddressId] = useState('')
  const [remark, setRemark] = useState('')
  const [adding, setAdding] = useState(false)
  const [placing, setPlacing] = useState(false)

  const loadAddresses = useCallback(async (choose?: number) => {
    const rows = (await addressApi.listAll().catch(() => null))?.data ?? []
    setAddresses(rows)
    const pick = choose ?? rows.find((a) => a.isDefault)?.addressId ?? rows[0]?.addressId
    setAddressId((current) => (choose || !current ? (pick ? String(pick) : '') : current))
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: wantedKey stands for the cart ids.
  useEffect(() => {
    void cartApi
      .list()
      .then((res) => setLines((res.data ?? []).filter((l) => wanted.includes(l.cartId))))
      .catch(() => setLines([]))
    void loadAddresses()
  }, [wantedKey, loadAddresses])

  const total = (lines ?? []).reduce((sum, l) => sum + l.priceCents * l.num, 0)
  const place = async () => {
    if (!lines?.length || !addressId) return
    setPlacing(true)
    try {
      const res = await shopOrderApi.place({
        cartIds: lines.map((l) => l.cartId),
        addressId: Number(addressId),
        expectedTotalCents: total,
        remark: remark.trim() || undefined,
      })
      feedback.toast('success', res.msg)
      navigate(ShopPath.orders)
    } catch {
      // Shown by the request layer (out of stock, prices changed): the buyer stays to look again.
    } finally {
      setPlacing(false)
    }
  }

  return (
    <Box p="4" data-testid="shop-checkout-page">
      <Heading size="md" mb="3">
        {t('shop.menu.checkout')}
      </Heading>
      {lines && lines.length === 0 && <Text color="gray.500">{t('shop.cartEmpty')}</Text>}
      {lines && lines.length > 0 && (
        <Table.Root size="sm" mb="4">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('shop.field.name')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('shop.field.price')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('shop.field.num')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('shop.field.amount')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((l) => (
              <Table.Row key={l.cartId}>
                <Table.Cell>{l.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(l.priceCents)}</Table.Cell>
                <Table.Cell textAlign="end">{l.num}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(l.priceCents * l.num)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Stack gap="3" maxW="720px">
        <Flex gap="2" align="center">
          <Text minW="80px">{t('shop.field.address')}</Text>
          <NativeSelect.Root size="sm" flex="1">
            <NativeSelect.Field
              data-testid="shop-checkout-address"
              value={addressId}
              onChange={(e) => setAddressId(e.target.value)}
            >
              <option value="">{t('shop.noAddress')}</option>
              {addresses.map((a) => (
                <option key={a.addressId} value={a.addressId}>
                  {`${a.consignee} ${maskPhone(a.phone)} ${a.address}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            size="sm"
            variant="outline"
            data-testid="shop-checkout-new-address"
            onClick={() => setAdding(true)}
          >
            {t('crud.add')}
          </Button>
        </Flex>
        <Flex gap="2">
          <Text minW="80px">{t('shop.field.remark')}</Text>
          <Textarea size="sm" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Flex>
        <Flex justify="flex-end" align="center" gap="4">
          <Text fontSize="lg" data-testid="shop-checkout-total">
            {t('shop.field.total')}: ¥{formatMoney(total)}
          </Text>
          <Button
            colorPalette="blue"
            loading={placing}
            disabled={!lines?.length || !addressId}
            data-testid="shop-place-order"
            onClick={place}
          >
            {t('shop.action.place')}
          </Button>
        </Flex>
      </Stack>
      <AddressDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => void loadAddresses(saved.addressId)}
      />
    </Box>
  )
}
