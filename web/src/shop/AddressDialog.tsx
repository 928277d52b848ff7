// The shipping address dialog: consignee, phone, province/city/area from the address picker (SPEC §2.6), the street
// line and whether it is the default. The server joins the region names into remark and address.
import { Text } from '@chakra-ui/react'
import type { ShipAddress } from '@pms/protocol/api/shop'
import type { AddressValue } from '@pms/protocol/geo/regions'
import { useEffect, useState } from 'react'
import { AddressPicker } from '../address/AddressPicker.tsx'
import { useT } from '../i18n/t.ts'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { addressApi } from './api.ts'
import { f } from './labels.ts'

const FIELDS: FieldDef[] = [
  { name: 'consignee', label: f('consignee'), kind: 'text', required: true, maxLength: 50 },
  { name: 'phone', label: f('phone'), kind: 'text', required: true, maxLength: 20 },
  { name: 'street', label: f('street'), kind: 'text', required: true, maxLength: 150 },
  { name: 'isDefault', label: f('isDefault'), kind: 'switch' },
]

export function AddressDialog(props: {
  open: boolean
  record?: ShipAddress
  onClose: () => void
  onSaved: (saved: ShipAddress) => void
}) {
  const t = useT()
  const [region, setRegion] = useState<AddressValue>({})
  const [error, setError] = useState('')
  useEffect(() => {
    if (!props.open) return
    setRegion(
      props.record
        ? {
            provinceCode: props.record.provinceCode,
            cityCode: props.record.cityCode,
            countyCode: props.record.areaCode,
          }
        : {},
    )
    setError('')
  }, [props.open, props.record])
  const validate = () => {
    const ok = Boolean(region.provinceCode && region.cityCode && region.countyCode)
    setError(ok ? '' : t('validation.required', [t('shop.field.region')]))
    return ok
  }
  return (
    <FormDialog
      open={props.open}
      mode={props.record ? 'edit' : 'add'}
      entity="shop.entity.address"
      fields={FIELDS}
      record={props.record as Record<string, unknown> | undefined}
      onClose={props.onClose}
      validateExtra={validate}
      testId="shop-address-dialog"
      onSubmit={async (body) => {
        const full = {
          ...body,
          provinceCode: region.provinceCode,
          cityCode: region.cityCode,
          areaCode: region.countyCode,
        }
        const res = props.record
          ? await addressApi.edit({ ...full, addressId: props.record.addressId })
          : await addressApi.add(full)
        props.onSaved(res.data!)
      }}
    >
      <Text fontSize="sm" mt="2" mb="1">
        {t('shop.field.region')}
      </Text>
      <AddressPicker value={region} onChange={setRegion} inline testId="shop-address-region" />
      {error && (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      )}
    </FormDialog>
  )
}
