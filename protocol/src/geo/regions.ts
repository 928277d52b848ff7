// The region tree of the address picker and the address value (SPEC §2.6, §3): types and pure helpers. The table
// itself lives on the server (GET /system/region/tree); codes are 6-digit GB/T 2260 area codes (province 440000, city
// 440300, county 440305) and 9-digit town/street codes under the few cities that have no counties (e.g. Dongguan).

/** One node of the region tree: province, city, then county (or town/street for cities without counties). */
export interface RegionNode {
  code: string
  name: string
  children?: RegionNode[]
}

export type RegionLevel = 'province' | 'city' | 'county'
export const REGION_LEVELS: readonly RegionLevel[] = ['province', 'city', 'county']

/** The address value the picker edits (SPEC §3). Names are filled from codes when only codes are given. */
export interface AddressValue {
  province?: string
  provinceCode?: string
  city?: string
  cityCode?: string
  county?: string
  countyCode?: string
  address?: string
}

export interface IndexedRegion {
  node: RegionNode
  level: RegionLevel
  parentCode?: string
}

/** Every node by code, with its level and parent, for lookups that walk up the tree. */
export type RegionIndex = Map<string, IndexedRegion>

export function indexRegions(tree: readonly RegionNode[]): RegionIndex {
  const index: RegionIndex = new Map()
  const walk = (nodes: readonly RegionNode[], depth: number, parentCode?: string) => {
    for (const node of nodes) {
      index.set(node.code, { node, level: REGION_LEVELS[depth]!, parentCode })
      if (node.children && depth < 2) walk(node.children, depth + 1, node.code)
    }
  }
  walk(tree, 0)
  return index
}

/** The nodes from the province down to `code` (empty for an unknown code). */
export function regionPath(index: RegionIndex, code: string | undefined): RegionNode[] {
  const path: RegionNode[] = []
  for (
    let at = code ? index.get(code) : undefined;
    at;
    at = at.parentCode ? index.get(at.parentCode) : undefined
  )
    path.unshift(at.node)
  return path
}

/** The full name of a region, e.g. '广东省深圳市南山区' (municipal placeholders such as '市辖区' are left out). */
export function regionFullName(index: RegionIndex, code: string): string {
  return regionPath(index, code)
    .map((n) => n.name)
    .filter((name) => !PLACEHOLDER_NAMES.has(name))
    .join('')
}

/** City-level nodes of the package that stand for "the province's own counties", not a real city name. */
export const PLACEHOLDER_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'])

const CODE_FIELDS = ['provinceCode', 'cityCode', 'countyCode'] as const
const NAME_FIELDS = ['province', 'city', 'county'] as const

/**
 * Completes an address value from its codes: the deepest code given decides the path, missing parent codes are
 * filled, and each missing name is taken from the table. Given names are kept. Answers the name of the first code
 * field that is unknown, or that does not sit under the code above it, as `invalid`.
 */
export function fillAddressNames(
  index: RegionIndex,
  value: AddressValue,
): { value: AddressValue; invalid?: (typeof CODE_FIELDS)[number] } {
  const out: AddressValue = { ...value }
  for (let depth = 0; depth < 3; depth++) {
    const field = CODE_FIELDS[depth]!
    const code = value[field]
    if (!code) continue
    const found = index.get(code)
    if (!found || found.level !== REGION_LEVELS[depth]) return { value: out, invalid: field }
    const path = regionPath(index, code)
    for (let up = 0; up < depth; up++) {
      const given = value[CODE_FIELDS[up]!]
      if (given && given !== path[up]!.code) return { value: out, invalid: field }
    }
  }
  const deepest = [...CODE_FIELDS].reverse().find((f) => value[f])
  const path = deepest ? regionPath(index, value[deepest]) : []
  path.forEach((node, depth) => {
    out[CODE_FIELDS[depth]!] = node.code
    if (!out[NAME_FIELDS[depth]!]) out[NAME_FIELDS[depth]!] = node.name
  })
  return { value: out }
}

/** The city an area code belongs to: the last two digits of a 6-digit code replaced with zero (SPEC §5). */
export function cityCodeOf(areaCode: string): string {
  return /^\d{6}/.test(areaCode) ? `${areaCode.slice(0, 4)}00` : areaCode
}

/** The 6-digit area code a node stands for: towns and streets answer their county (or city) code. */
export function areaCodeOf(code: string): string {
  return code.length > 6 ? code.slice(0, 6) : code
}
