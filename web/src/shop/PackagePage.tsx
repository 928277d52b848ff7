// The platform's packages: products grouped by type plus a combo's products, at one price.
import { Badge } from '@chakra-ui/react'
import { type ShopPackage, ShopPermission, type ShopProduct } from '@pms/protocol/api/shop'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { fetchAll } from '../ui/crud/api.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { packageApi, productApi } from './api.ts'
import { f } from './labels.ts'
import { PackageEditor } from './PackageEditor.tsx'

export default function PackagePage() {
  const t = useT()
  const [products, setProducts] = useState<ShopProduct[]>([])
  useEffect(() => {
    void fetchAll(productApi)
      .then(setProducts)
      .catch(() => setProducts([]))
  }, [])
  return (
    <CrudScreen<ShopPackage>
      testId="shop-package-page"
      title="shop.menu.packages"
      entity="shop.entity.package"
      api={packageApi}
      idKey="packageId"
      permission={ShopPermission.package}
      loadForEdit
      columns={[
        { key: 'name', header: f('name') },
        { key: 'combo', header: f('combo') },
        {
          key: 'priceCents',
          header: f('priceCents'),
          align: 'end',
          render: (p) => formatMoney(p.priceCents),
        },
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
      editor={(props) => <PackageEditor {...props} products={products} />}
      nameOf={(p) => p.name}
    />
  )
}
