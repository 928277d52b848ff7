// Product and package detail pages (property users): the images carousel, what it is, and add to cart with a
// quantity (a package the SPEC §7 way, see api.ts addToCart).
import { Badge, Box, Button, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react'
import type { ShopPackage, ShopProduct } from '@pms/protocol/api/shop'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { feedback } from '../api/feedback.ts'
import { useQueryId } from '../front-desk/shared.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { addToCart, packageApi, productApi, ShopPath } from './api.ts'
import { ImageCarousel } from './ImageCarousel.tsx'
import { useCartCount } from './useCartCount.ts'

function DetailFrame(props: {
  testId: string
  name: string
  images: string
  priceCents: number
  children: ReactNode
  onAdd: (num: number) => Promise<void>
}) {
  const t = useT()
  const [, navigate] = useLocation()
  const cart = useCartCount()
  const [num, setNum] = useState('1')
  const [busy, setBusy] = useState(false)
  const valid = /^[1-9]\d{0,3}$/.test(num.trim())
  const add = async () => {
    if (!valid) return
    setBusy(true)
    try {
      await props.onAdd(Number(num.trim()))
      await cart.reload()
      feedback.toast('success', t('common.addSuccess'))
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box p="4" data-testid={props.testId}>
      <Flex justify="space-between" mb="3">
        <Button size="sm" variant="outline" onClick={() => navigate(ShopPath.center)}>
          {t('shop.action.back')}
        </Button>
        <Button size="sm" onClick={() => navigate(ShopPath.cart)} data-testid="shop-cart-button">
          {t('shop.menu.cart')}
          <Badge colorPalette="red" data-testid="shop-cart-badge">
            {cart.count}
          </Badge>
        </Button>
      </Flex>
      <Flex gap="6" wrap="wrap">
        <Box flex="1" minW="280px" maxW="480px">
          <ImageCarousel images={props.images} alt={props.name} />
        </Box>
        <Stack flex="1" minW="280px" gap="3">
          <Heading size="lg" data-testid="shop-detail-name">
            {props.name}
          </Heading>
          <Text fontSize="xl" color="red.600">
            ¥{formatMoney(props.priceCents)}
          </Text>
          {props.children}
          <Flex gap="2" align="center">
            <Text>{t('shop.field.num')}</Text>
            <Input
              w="90px"
              size="sm"
              value={num}
              onChange={(e) => setNum(e.target.value)}
              data-testid="shop-detail-num"
              aria-invalid={!valid}
            />
            <Button
              size="sm"
              colorPalette="blue"
              loading={busy}
              disabled={!valid}
              onClick={add}
              data-testid="shop-add-to-cart"
            >
              {t('shop.action.addToCart')}
            </Button>
          </Flex>
        </Stack>
      </Flex>
    </Box>
  )
}

function useRecord<R>(id: number | undefined, load: (id: number) => Promise<{ data?: R }>) {
  const [record, setRecord] = useState<R | null>(null)
  const [failed, setFailed] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is a module-level call.
  useEffect(() => {
    if (!id) return
    load(id)
      .then((res) => setRecord(res.data ?? null))
      .catch(() => setFailed(true))
  }, [id])
  return { record, failed: failed || !id }
}

export function ProductDetailPage() {
  const t = useT()
  const { record: p, failed } = useRecord<ShopProduct>(useQueryId('productId'), productApi.get)
  if (failed) return <Text p="4">{t('shop.empty')}</Text>
  if (!p) return null
  return (
    <DetailFrame
      testId="shop-product-detail"
      name={p.name}
      images={p.productImages}
      priceCents={p.priceCents}
      onAdd={async (num) => {
        await addToCart({ productId: p.productId }, num)
      }}
    >
      <Text color="gray.600">
        {t('shop.field.modelId')}: {p.modelName} ({p.modelCode})
      </Text>
      <Text color="gray.600">{t('shop.inStock', [p.stock])}</Text>
      <Text whiteSpace="pre-wrap">{p.description}</Text>
    </DetailFrame>
  )
}

export function PackageDetailPage() {
  const t = useT()
  const { record: p, failed } = useRecord<ShopPackage>(useQueryId('packageId'), packageApi.get)
  if (failed) return <Text p="4">{t('shop.empty')}</Text>
  if (!p) return null
  return (
    <DetailFrame
      testId="shop-package-detail"
      name={p.name}
      images={p.packageImages}
      priceCents={p.priceCents}
      onAdd={async (num) => {
        await addToCart({ packageId: p.packageId }, num)
      }}
    >
      {p.combo && (
        <Text color="gray.600">
          {t('shop.field.combo')}: {p.combo}
        </Text>
      )}
      <Text whiteSpace="pre-wrap">{p.description}</Text>
      <Table.Root size="sm" data-testid="shop-package-contents">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('shop.field.typeName')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shop.field.product')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('shop.field.num')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(p.packageTypeInfos ?? []).flatMap((ty) =>
            ty.packageInfos.map((i, n) => (
              <Table.Row key={`${ty.typeName}-${i.productId}`}>
                <Table.Cell>{n === 0 ? ty.typeName : ''}</Table.Cell>
                <Table.Cell>{i.productName}</Table.Cell>
                <Table.Cell textAlign="end">{i.num}</Table.Cell>
              </Table.Row>
            )),
          )}
          {(p.comboInfos ?? []).map((i, n) => (
            <Table.Row key={`combo-${i.productId}`}>
              <Table.Cell>
                {n === 0 ? `${t('shop.field.combo')}${p.combo ? `: ${p.combo}` : ''}` : ''}
              </Table.Cell>
              <Table.Cell>{i.productName}</Table.Cell>
              <Table.Cell textAlign="end">{i.num}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </DetailFrame>
  )
}
