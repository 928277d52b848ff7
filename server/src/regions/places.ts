// Offline place search over the region table: region names matching a keyword, and the region an address
// written in words lies in (for the known property addresses the offline maps provider suggests).
import { areaCodeOf, PLACEHOLDER_NAMES, regionFullName } from '@pms/protocol/geo/regions'
import type { PlaceSuggestion } from '@pms/protocol/geo/regions-maps'
import type { RegionTable } from './table.ts'

interface Place {
  code: string
  name: string
  /** Short form people write without the suffix: 广东, 深圳, 南山 (only when at least two characters remain). */
  short: string
  fullName: string
  depth: number
  cityName?: string
  provinceName?: string
  provinceShort?: string
}

const SUFFIXES = [
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '特别行政区',
  '自治区',
  '自治州',
  '自治县',
  '地区',
  '街道',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
  '镇',
  '乡',
]

export function shortName(name: string): string {
  for (const s of SUFFIXES)
    if (name.endsWith(s) && name.length - s.length >= 2) return name.slice(0, -s.length)
  return name
}

const cache = new WeakMap<RegionTable, Place[]>()

function places(table: RegionTable): Place[] {
  let list = cache.get(table)
  if (list) return list
  list = []
  for (const [code, { node, level }] of table.index) {
    if (PLACEHOLDER_NAMES.has(node.name)) continue
    const depth = level === 'province' ? 0 : level === 'city' ? 1 : 2
    const path = regionFullName(table.index, code)
    list.push({ code, name: node.name, short: shortName(node.name), fullName: path, depth })
  }
  // Parent names, for telling apart counties of the same name (朝阳区 in Beijing and in Changchun).
  const byCode = new Map(list.map((p) => [p.code, p]))
  for (const p of list) {
    let parent = table.index.get(p.code)?.parentCode
    while (parent) {
      const at = table.index.get(parent)!
      const named = byCode.get(parent)
      if (at.level === 'city' && named) p.cityName = named.name
      if (at.level === 'province') {
        p.provinceName = at.node.name
        p.provinceShort = shortName(at.node.name)
      }
      parent = at.parentCode
    }
  }
  cache.set(table, list)
  return list
}

export function keywordTokens(keyword: string): string[] {
  return keyword
    .trim()
    .toLowerCase()
    .split(/[\s,，、]+/)
    .filter(Boolean)
}

/**
 * Regions whose own name holds one of the tokens and whose full name holds all of them, best first: a name that
 * starts with a token before one that only contains it, provinces before cities before counties. `within` keeps
 * only the regions under that 6-digit code (a province or city).
 */
export function regionSuggestions(
  table: RegionTable,
  tokens: string[],
  limit: number,
  within?: string,
): PlaceSuggestion[] {
  if (tokens.length === 0) return []
  const prefix = within ? within.replace(/(00)+$/, '') : ''
  return places(table)
    .filter((p) => p.code.startsWith(prefix))
    .filter((p) => tokens.some((t) => p.name.includes(t)) && tokens.every((t) => p.fullName.includes(t)))
    .map((p) => ({ p, score: (tokens.some((t) => p.name.startsWith(t)) ? 0 : 10) + p.depth }))
    .sort((a, b) => a.score - b.score || a.p.code.localeCompare(b.p.code))
    .slice(0, limit)
    .map(({ p }) => ({ title: p.name, address: p.fullName, cityId: areaCodeOf(p.code) }))
}

/**
 * The county (or, failing that, the city) an address written in words lies in, as a 6-digit area code: a county
 * named in the address and confirmed by its city or province being named too; a city named with its province (or
 * on its own when its name is unique). Undefined when the address names no known region.
 */
export function locateAddress(table: RegionTable, address: string): string | undefined {
  const text = address.replace(/\s+/g, '')
  const named = (full: string | undefined, short: string | undefined) =>
    Boolean(full && (text.includes(full) || (short && short.length >= 2 && text.includes(short))))
  let best: { code: string; score: number } | undefined
  for (const p of places(table)) {
    if (p.depth === 0) continue
    if (!named(p.name, p.depth === 2 ? undefined : p.short)) continue
    const city = p.depth === 2 && named(p.cityName, p.cityName && shortName(p.cityName))
    const province = named(p.provinceName, p.provinceShort)
    if (p.depth === 2 && !city && !province) continue
    const score = (p.depth === 2 ? 4 : 2) + (city ? 2 : 0) + (province ? 1 : 0)
    if (!best || score > best.score) best = { code: areaCodeOf(p.code), score }
  }
  return best?.code
}
