// The platform's products: a catalogue model at a price, with stock, images (comma-separated), a description and
// whether it is on the shelf.
import { Badge } from '@chakra-ui/react'
import type { DeviceModel } from '@pms/protocol/api/devices'
import { ShopPermission, type ShopProduct } from '@pms/protocol/api/shop'
import { useEffect, useState } from 'react'
import { allModels } from '../catalogue/api.ts'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { productApi } from './api.ts'
import { f } from './labels.ts'

export default function ProductPage() {
  const t = useT()
  const [models, setModels] = useState<DeviceModel[]>([])
  useEffect(() => {
    void allModels()
      .then(setModels)
      .catch(() => setModels([]))
  }, [])
  return (
    <CrudScreen<ShopProduct>
      testId="shop-product-page"
      title="shop.menu.products"
      entity="shop.entity.product"
      api={productApi}
      idKey="productId"
      permission={ShopPermission.product}
      columns={[
        { key: 'name', header: f('name') },
        {
          key: 'modelId',
          header: f('modelId'),
          render: (p) => `${p.modelName ?? ''} (${p.modelCode ?? ''})`,
        },
        {
          key: 'priceCents',
          header: f('priceCents'),
          align: 'end',
          render: (p) => formatMoney(p.priceCents),
        },
        { key: 'stock', header: f('stock'), align: 'end' },
        {
          key: 'onShelf',
          header: f('onShelf'),
          render: (p) => (
            <Badge colorPalette={p.onShelf ? 'green' : 'gray'}>
              {t(p.onShelf ? 'shop.field.onShelf' : 'shop.offShelfTag')}
            </Badge>
          ),
        },
      ]}
      search={[{ name: 'name', label: f('name'), kind: 'text' }]}
      fields={[
        { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 100 },
        {
          name: 'modelId',
          label: f('modelId'),
          kind: 'select',
          required: true,
          numeric: true,
          options: models.map((m) => ({
            value: String(m.modelId),
            label: `${m.name} (${m.code})`,
            raw: true,
          })),
        },
        { name: 'priceCents', label: f('priceCents'), kind: 'money', required: true },
        { name: 'stock', label: f('stock'), kind: 'integer', required: true, min: 0, max: 1_000_000 },
        { name: 'productImages', label: f('productImages'), kind: 'textarea', maxLength: 4000 },
        { name: 'description', label: f('description'), kind: 'textarea', maxLength: 4000 },
        { name: 'onShelf', label: f('onShelf'), kind: 'switch' },
      ]}
      defaults={{ onShelf: true, stock: 0 }}
      nameOf={(p) => p.name}
    />
  )
}
