// The cart (property users): each line's quantity changed in place, lines removed, the chosen lines' total, and on to
// checkout with them.
import { Badge, Box, Button, Checkbox, Flex, Heading, Input, Table, Text } from '@chakra-ui/react'
import type { CartLine } from '@pms/protocol/api/shop'
import { useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { cartApi, ShopPath } from './api.ts'

export default function CartPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const [lines, setLines] = useState<CartLine[] | null>(null)
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [drafts, setDrafts] = useState<Record<number, string>>({})

  const reload = useCallback(async () => {
    try {
      const next = (await cartApi.list()).data ?? []
      setLines(next)
      setChosen((c) => new Set([...c].filter((id) => next.some((l) => l.cartId === id && l.onShelf))))
      setDrafts({})
    } catch {
      setLines([])
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])

  const saveNum = async (line: CartLine) => {
    const text = (drafts[line.cartId] ?? String(line.num)).trim()
    if (text === String(line.num)) return
    if (!/^[1-9]\d{0,3}$/.test(text)) {
      setDrafts((d) => ({ ...d, [line.cartId]: String(line.num) }))
      return
    }
    try {
      await cartApi.edit(line.cartId, Number(text))
    } finally {
      await reload()
    }
  }
  const remove = async (line: CartLine) => {
    if (!(await confirmAction(t('crud.confirmDelete', [line.name])))) return
    await cartApi.remove([line.cartId]).catch(() => {})
    await reload()
  }

  const picked = (lines ?? []).filter((l) => chosen.has(l.cartId))
  const count = (lines ?? []).reduce((sum, l) => sum + l.num, 0)
  const pickedNum = picked.reduce((sum, l) => sum + l.num, 0)
  const pickedTotal = picked.reduce((sum, l) => sum + l.priceCents * l.num, 0)
  const toggle = (id: number, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <Box p="4" data-testid="shop-cart-page">
      <Flex justify="space-between" align="center" mb="3">
        <Heading size="md">
          {t('shop.menu.cart')}{' '}
          <Badge colorPalette="red" data-testid="shop-cart-badge">
            {count}
          </Badge>
        </Heading>
        <Button size="sm" variant="outline" onClick={() => navigate(ShopPath.center)}>
          {t('shop.menu.center')}
        </Button>
      </Flex>
      {lines && lines.length === 0 && <Text color="gray.500">{t('shop.cartEmpty')}</Text>}
      {lines && lines.length > 0 && (
        <Table.Root size="sm" data-testid="shop-cart-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="40px" />
              <Table.ColumnHeader>{t('shop.field.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('shop.field.kind')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('shop.field.price')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('shop.field.num')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('shop.field.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((l) => (
              <Table.Row key={l.cartId} data-testid={`shop-cart-line-${l.cartId}`}>
                <Table.Cell>
                  <Checkbox.Root
                    size="sm"
                    disabled={!l.onShelf}
                    checked={chosen.has(l.cartId)}
                    onCheckedChange={(e) => toggle(l.cartId, e.checked === true)}
                  >
                    <Checkbox.HiddenInput data-testid={`shop-cart-pick-${l.cartId}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>
                  {l.name} {!l.onShelf && <Badge>{t('shop.offShelfTag')}</Badge>}
                </Table.Cell>
                <Table.Cell>{t(l.isPackage ? 'shop.kind.package' : 'shop.kind.product')}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(l.priceCents)}</Table.Cell>
                <Table.Cell>
                  <Input
                    size="xs"
                    w="80px"
                    aria-label={t('shop.field.num')}
                    data-testid={`shop-cart-num-${l.cartId}`}
                    value={drafts[l.cartId] ?? String(l.num)}
                    onChange={(e) => setDrafts((d) => ({ ...d, [l.cartId]: e.target.value }))}
                    onBlur={() => void saveNum(l)}
                    onKeyDown={(e) => e.key === 'Enter' && void saveNum(l)}
                  />
                </Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(l.priceCents * l.num)}</Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(l)}>
                    {t('crud.delete')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Flex mt="4" justify="flex-end" align="center" gap="4">
        <Text data-testid="shop-cart-total">
          {t('shop.selectedTotal', [pickedNum, `¥${formatMoney(pickedTotal)}`])}
        </Text>
        <Button
          colorPalette="blue"
          disabled={picked.length === 0}
          data-testid="shop-checkout"
          onClick={() => navigate(ShopPath.checkout(picked.map((l) => l.cartId)))}
        >
          {t('shop.action.checkout')}
        </Button>
      </Flex>
    </Box>
  )
}
