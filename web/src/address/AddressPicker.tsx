// The address picker (SPEC §2.6): province, city and county/district selects over the server's region tree, and an
// optional free-text line with a maximum length and a counter. Disabled, inline and clearable on request.
import { Button, Flex, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react'
import type { AddressValue, RegionNode } from '@pms/protocol/geo/regions'
import { regionText } from '../i18n/dict.ts'
import { useT } from '../i18n/t.ts'
import { useRegionTree } from './api.ts'
import {
  ADDRESS_MAX_DEFAULT,
  cascadeOptions,
  chooseCity,
  chooseCounty,
  chooseProvince,
  EMPTY_ADDRESS,
  hasAddress,
  setDetail,
} from './cascade.ts'

export interface AddressPickerProps {
  value: AddressValue
  onChange: (value: AddressValue) => void
  /** Shows the free-text address line. */
  detail?: boolean
  /** Maximum length of the free-text line (default 100). */
  maxLength?: number
  disabled?: boolean
  /** Selects side by side in one row instead of stacked. */
  inline?: boolean
  /** Shows a button that clears every part. */
  clearable?: boolean
  /** Prefix of the data-testid of each part. */
  testId?: string
}

function RegionSelect(props: {
  nodes: RegionNode[]
  value: string | undefined
  placeholder: string
  disabled?: boolean
  testId: string
  onChoose: (code: string) => void
}) {
  const t = useT()
  return (
    <NativeSelect.Root size="sm" disabled={props.disabled} flex="1" minW="140px">
      <NativeSelect.Field
        data-testid={props.testId}
        value={props.value ?? ''}
        onChange={(e) => props.onChoose(e.target.value)}
      >
        <option value="">{props.placeholder}</option>
        {props.nodes.map((n) => (
          <option key={n.code} value={n.code}>
            {regionText(t, n)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

export function AddressPicker({
  value,
  onChange,
  detail = false,
  maxLength = ADDRESS_MAX_DEFAULT,
  disabled,
  inline,
  clearable,
  testId = 'address',
}: AddressPickerProps) {
  const t = useT()
  const { tree } = useRegionTree()
  if (!tree)
    return (
      <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
        <Spinner size="xs" />
        {t('address.loading')}
      </Flex>
    )
  const options = cascadeOptions(tree, value)
  const length = value.address?.length ?? 0
  return (
    <Stack gap="2" data-testid={testId}>
      <Flex
        gap="2"
        direction={inline ? 'row' : { base: 'column', md: 'row' }}
        wrap={inline ? 'nowrap' : 'wrap'}
      >
        <RegionSelect
          nodes={options.provinces}
          value={value.provinceCode}
          placeholder={t('address.chooseProvince')}
          disabled={disabled}
          testId={`${testId}-province`}
          onChoose={(code) => onChange(chooseProvince(tree, value, code))}
        />
        <RegionSelect
          nodes={options.cities}
          value={value.cityCode}
          placeholder={t('address.chooseCity')}
          disabled={disabled || !value.provinceCode}
          testId={`${testId}-city`}
          onChoose={(code) => onChange(chooseCity(tree, value, code))}
        />
        <RegionSelect
          nodes={options.counties}
          value={value.countyCode}
          placeholder={t('address.chooseCounty')}
          disabled={disabled || !value.cityCode}
          testId={`${testId}-county`}
          onChoose={(code) => onChange(chooseCounty(tree, value, code))}
        />
        {clearable && !disabled && hasAddress(value) && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange(EMPTY_ADDRESS)}
            data-testid={`${testId}-clear`}
          >
            {t('address.clear')}
          </Button>
        )}
      </Flex>
      {detail && (
        <Flex gap="2" align="center">
          <Input
            size="sm"
            value={value.address ?? ''}
            maxLength={maxLength}
            disabled={disabled}
            placeholder={t('address.detail')}
            data-testid={`${testId}-detail`}
            onChange={(e) => onChange(setDetail(value, e.target.value, maxLength))}
          />
          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid={`${testId}-counter`}>
            {length}/{maxLength}
          </Text>
        </Flex>
      )}
    </Stack>
  )
}
