// The address picker's rules (SPEC §2.6), pure: the options of each select, and what choosing one clears —
// a province clears city and county, a city clears the county.
import {
  type AddressValue,
  indexRegions,
  type RegionIndex,
  type RegionNode,
  regionPath,
} from '@pms/protocol/geo/regions'

export interface CascadeOptions {
  provinces: RegionNode[]
  cities: RegionNode[]
  counties: RegionNode[]
}

export function cascadeOptions(tree: readonly RegionNode[], value: AddressValue): CascadeOptions {
  const province = tree.find((p) => p.code === value.provinceCode)
  const city = province?.children?.find((c) => c.code === value.cityCode)
  return { provinces: [...tree], cities: province?.children ?? [], counties: city?.children ?? [] }
}

/** Choosing a province (or none: '') sets it and clears city and county; the free-text line stays. */
export function chooseProvince(tree: readonly RegionNode[], value: AddressValue, code: string): AddressValue {
  const province = tree.find((p) => p.code === code)
  return {
    address: value.address,
    province: province?.name,
    provinceCode: province?.code,
    city: undefined,
    cityCode: undefined,
    county: undefined,
    countyCode: undefined,
  }
}

/** Choosing a city clears the county. */
export function chooseCity(tree: readonly RegionNode[], value: AddressValue, code: string): AddressValue {
  const city = cascadeOptions(tree, value).cities.find((c) => c.code === code)
  return {
    ...value,
    city: city?.name,
    cityCode: city?.code,
    county: undefined,
    countyCode: undefined,
  }
}

export function chooseCounty(tree: readonly RegionNode[], value: AddressValue, code: string): AddressValue {
  const county = cascadeOptions(tree, value).counties.find((c) => c.code === code)
  return { ...value, county: county?.name, countyCode: county?.code }
}

/** The clear button: nothing chosen and no free text. */
export const EMPTY_ADDRESS: AddressValue = {}

/** The free-text line, cut to the maximum length (default 100). */
export const ADDRESS_MAX_DEFAULT = 100
export function setDetail(value: AddressValue, text: string, max = ADDRESS_MAX_DEFAULT): AddressValue {
  return { ...value, address: text.slice(0, max) }
}

/** Whether the value holds anything a clear button could remove. */
export function hasAddress(value: AddressValue): boolean {
  return Boolean(value.provinceCode || value.cityCode || value.countyCode || value.address)
}

/** The region part of a value as one line: 广东省 深圳市 南山区. */
export function regionLine(value: AddressValue): string {
  return [value.province, value.city, value.county].filter(Boolean).join(' ')
}

const indexes = new WeakMap<readonly RegionNode[], RegionIndex>()

/** The picker value of an area code (county, city or province), names and parent codes filled from the tree. */
export function valueOfCode(tree: readonly RegionNode[], code: string | undefined): AddressValue {
  let index = indexes.get(tree)
  if (!index) {
    index = indexRegions(tree)
    indexes.set(tree, index)
  }
  const [province, city, county] = regionPath(index, code)
  return {
    province: province?.name,
    provinceCode: province?.code,
    city: city?.name,
    cityCode: city?.code,
    county: county?.name,
    countyCode: county?.code,
  }
}
