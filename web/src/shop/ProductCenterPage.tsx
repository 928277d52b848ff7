// The product center (property users): what the platform sells, products or packages, browsed by the models'
// category, series and scene; each card opens its detail page. The cart button carries the badge.
import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Image,
  NativeSelect,
  SimpleGrid,
  Tabs,
  Text,
} from '@chakra-ui/react'
import type { BrowseFacets, FacetEntry, ShopPackage, ShopProduct } from '@pms/protocol/api/shop'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { entryLabel } from '../catalogue/labels.ts'
import { useT } from '../i18n/t.ts'
import { fetchAll } from '../ui/crud/api.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { facetsApi, firstImage, packageApi, productApi, ShopPath } from './api.ts'
import { useCartCount } from './useCartCount.ts'

type Facet = keyof BrowseFacets
const FACETS: { key: Facet; param: string; label: string }[] = [
  { key: 'category', param: 'categoryId', label: 'shop.field.category' },
  { key: 'series', param: 'seriesId', label: 'shop.field.series' },
  { key: 'scene', param: 'sceneId', label: 'shop.field.scene' },
]

function ItemCard(props: {
  name: string
  images: string
  priceCents: number
  onOpen: () => void
  testId: string
}) {
  const image = firstImage(props.images)
  return (
    <Box
      as="button"
      textAlign="start"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      onClick={props.onOpen}
      data-testid={props.testId}
      _hover={{ shadow: 'md' }}
    >
      <Flex h="140px" bg="gray.50" align="center" justify="center">
        {image ? <Image src={image} alt={props.name} maxH="140px" objectFit="contain" /> : null}
      </Flex>
      <Box p="3">
        <Text fontWeight="semibold">{props.name}</Text>
        <Text color="red.600">¥{formatMoney(props.priceCents)}</Text>
      </Box>
    </Box>
  )
}

export default function ProductCenterPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const cart = useCartCount()
  const [facets, setFacets] = useState<BrowseFacets>({ category: [], series: [], scene: [] })
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [products, setProducts] = useState<ShopProduct[] | null>(null)
  const [packages, setPackages] = useState<ShopPackage[] | null>(null)

  useEffect(() => {
    void facetsApi()
      .then((res) => res.data && setFacets(res.data))
      .catch(() => {})
  }, [])
  useEffect(() => {
    const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v))
    void fetchAll(productApi, params)
      .then(setProducts)
      .catch(() => setProducts([]))
    void fetchAll(packageApi, params)
      .then(setPackages)
      .catch(() => setPackages([]))
  }, [filters])

  const label = (e: FacetEntry) => entryLabel(e, t)
  const grid = (children: React.ReactNode[] | undefined) =>
    children === undefined ? null : children.length ? (
      <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="4">
        {children}
      </SimpleGrid>
    ) : (
      <Text color="gray.500">{t('shop.empty')}</Text>
    )

  return (
    <Box p="4" data-testid="shop-center-page">
      <Flex justify="space-between" align="center" mb="3" wrap="wrap" gap="2">
        <Heading size="md">{t('shop.menu.center')}</Heading>
        <Button size="sm" onClick={() => navigate(ShopPath.cart)} data-testid="shop-cart-button">
          {t('shop.menu.cart')}
          <Badge colorPalette="red" data-testid="shop-cart-badge">
            {cart.count}
          </Badge>
        </Button>
      </Flex>
      <Flex gap="3" mb="4" wrap="wrap">
        {FACETS.map((facet) => (
          <NativeSelect.Root key={facet.key} size="sm" w="200px">
            <NativeSelect.Field
              data-testid={`shop-filter-${facet.key}`}
              aria-label={t(facet.label)}
              value={filters[facet.param] ?? ''}
              onChange={(e) => setFilters({ ...filters, [facet.param]: e.target.value })}
            >
              <option value="">
                {t(facet.label)}: {t('shop.all')}
              </option>
              {facets[facet.key].map((e) => (
                <option key={e.dictId} value={e.dictId}>
                  {label(e)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ))}
      </Flex>
      <Tabs.Root defaultValue="products" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="products" data-testid="shop-tab-products">
            {t('shop.tab.products')}
          </Tabs.Trigger>
          <Tabs.Trigger value="packages" data-testid="shop-tab-packages">
            {t('shop.tab.packages')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="products">
          {grid(
            products?.map((p) => (
              <ItemCard
                key={p.productId}
                testId={`shop-product-${p.productId}`}
                name={p.name}
                images={p.productImages}
                priceCents={p.priceCents}
                onOpen={() => navigate(ShopPath.product(p.productId))}
              />
            )),
          )}
        </Tabs.Content>
        <Tabs.Content value="packages">
          {grid(
            packages?.map((p) => (
              <ItemCard
                key={p.packageId}
                testId={`shop-package-${p.packageId}`}
                name={p.name}
                images={p.packageImages}
                priceCents={p.priceCents}
                onOpen={() => navigate(ShopPath.package(p.packageId))}
              />
            )),
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  )
}
