// The package dialog: its own fields, then what it holds — types (each with products and quantities) and the combo's
// products — edited inline and sent as packageTypeInfos and comboInfos.
import { Button, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import type { ShopPackage, ShopProduct } from '@pms/protocol/api/shop'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import type { EditorProps } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { packageApi } from './api.ts'
import { f } from './labels.ts'

interface Item {
  productId: string
  num: string
}
interface TypeDraft {
  typeName: string
  items: Item[]
}

const FIELDS: FieldDef[] = [
  { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 100 },
  { name: 'priceCents', label: f('priceCents'), kind: 'money', required: true },
  { name: 'packageImages', label: f('packageImages'), kind: 'textarea', maxLength: 4000 },
  { name: 'description', label: f('description'), kind: 'textarea', maxLength: 4000 },
  { name: 'combo', label: f('combo'), kind: 'text', maxLength: 200 },
  { name: 'onShelf', label: f('onShelf'), kind: 'switch' },
]

const validNum = (n: string) => /^[1-9]\d{0,3}$/.test(n.trim())

function ItemRows(props: {
  items: Item[]
  products: ShopProduct[]
  onChange: (items: Item[]) => void
  testId: string
}) {
  const t = useT()
  const set = (i: number, patch: Partial<Item>) =>
    props.onChange(props.items.map((it, j) => (j === i ? { ...it, ...patch } : it)))
  return (
    <Stack gap="1">
      {props.items.map((it, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved.
        <Flex key={i} gap="2" align="center">
          <NativeSelect.Root size="sm" flex="1">
            <NativeSelect.Field
              data-testid={`${props.testId}-product-${i}`}
              value={it.productId}
              onChange={(e) => set(i, { productId: e.target.value })}
            >
              <option value="">{t('shop.field.product')}</option>
              {props.products.map((p) => (
                <option key={p.productId} value={p.productId}>
                  {p.name}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Input
            size="sm"
            w="90px"
            data-testid={`${props.testId}-num-${i}`}
            value={it.num}
            aria-label={t('shop.field.num')}
            onChange={(e) => set(i, { num: e.target.value })}
          />
          <Button
            size="xs"
            variant="ghost"
            onClick={() => props.onChange(props.items.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </Flex>
      ))}
      <Button
        size="xs"
        variant="outline"
        alignSelf="start"
        data-testid={`${props.testId}-add`}
        onClick={() => props.onChange([...props.items, { productId: '', num: '1' }])}
      >
        {t('shop.action.addItem')}
      </Button>
    </Stack>
  )
}

export function PackageEditor(props: EditorProps<ShopPackage> & { products: ShopProduct[] }) {
  const t = useT()
  const [types, setTypes] = useState<TypeDraft[]>([])
  const [combo, setCombo] = useState<Item[]>([])
  const [error, setError] = useState('')
  const record = props.record
  useEffect(() => {
    if (!props.open) return
    setTypes(
      (record?.packageTypeInfos ?? []).map((ty) => ({
        typeName: ty.typeName,
        items: ty.packageInfos.map((i) => ({ productId: String(i.productId), num: String(i.num) })),
      })),
    )
    setCombo((record?.comboInfos ?? []).map((i) => ({ productId: String(i.productId), num: String(i.num) })))
    setError('')
  }, [props.open, record])

  const itemsOk = (items: Item[]) => items.every((i) => i.productId && validNum(i.num))
  const validate = () => {
    const ok =
      types.every((ty) => ty.typeName.trim() && ty.items.length > 0 && itemsOk(ty.items)) && itemsOk(combo)
    setError(ok ? '' : t('validation.required', [t('shop.field.packageTypeInfos')]))
    return ok
  }
  const asInfos = (items: Item[]) =>
    items.map((i) => ({ productId: Number(i.productId), num: Number(i.num) }))

  return (
    <FormDialog
      open={props.open}
      mode={props.mode}
      entity="shop.entity.package"
      fields={FIELDS}
      record={(record ?? { onShelf: true }) as Record<string, unknown>}
      onClose={props.onClose}
      validateExtra={validate}
      testId="shop-package-dialog"
      onSubmit={async (body) => {
        const full = {
          ...body,
          packageTypeInfos: types.map((ty) => ({
            typeName: ty.typeName.trim(),
            packageInfos: asInfos(ty.items),
          })),
          comboInfos: asInfos(combo),
        }
        if (props.mode === 'add') await packageApi.add(full)
        else await packageApi.edit({ ...full, packageId: record!.packageId })
        props.onSaved()
      }}
    >
      <Stack gap="3" mt="2">
        <Text fontWeight="semibold">{t('shop.field.packageTypeInfos')}</Text>
        {types.map((ty, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved.
          <Stack key={i} borderWidth="1px" borderRadius="md" p="2" gap="2">
            <Flex gap="2" align="center">
              <Input
                size="sm"
                data-testid={`package-type-name-${i}`}
                placeholder={t('shop.field.typeName')}
                value={ty.typeName}
                onChange={(e) =>
                  setTypes(types.map((x, j) => (j === i ? { ...x, typeName: e.target.value } : x)))
                }
              />
              <Button size="xs" variant="ghost" onClick={() => setTypes(types.filter((_, j) => j !== i))}>
                ×
              </Button>
            </Flex>
            <ItemRows
              testId={`package-type-${i}`}
              items={ty.items}
              products={props.products}
              onChange={(items) => setTypes(types.map((x, j) => (j === i ? { ...x, items } : x)))}
            />
          </Stack>
        ))}
        <Button
          size="xs"
          variant="outline"
          alignSelf="start"
          data-testid="package-add-type"
          onClick={() => setTypes([...types, { typeName: '', items: [{ productId: '', num: '1' }] }])}
        >
          {t('shop.action.addType')}
        </Button>
        <Text fontWeight="semibold">{t('shop.field.comboInfos')}</Text>
        <ItemRows testId="package-combo" items={combo} products={props.products} onChange={setCombo} />
        {error && (
          <Text color="red.600" fontSize="sm">
            {error}
          </Text>
        )}
      </Stack>
    </FormDialog>
  )
}
