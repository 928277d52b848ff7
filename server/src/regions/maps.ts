// The maps service behind one adapter (SPEC §7 external services): district list, reverse geocoding, place
// suggestions and IP location. The default provider works offline from the region table and the property addresses
// already known; `sys.maps.provider` = 'amap' with a `sys.maps.key` switches to AMap's web service REST API (v3).
import type { AddressValue } from '@pms/protocol/geo/regions'
import { regionPath } from '@pms/protocol/geo/regions'
import {
  type District,
  type GeoPoint,
  type LocatedPlace,
  MAPS_KEY_KEY,
  MAPS_PROVIDER_KEY,
  type MapsAnswer,
  type MapsProviderName,
  type PlaceSuggestion,
  SUGGESTION_LIMIT,
} from '@pms/protocol/geo/regions-maps'
import { and, asc, eq, ilike } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { property } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { AppError } from '../http/errors.ts'
import { readConfig } from '../system/config-values.ts'
import { keywordTokens, locateAddress, regionSuggestions } from './places.ts'
import { type RegionTable, regionTable } from './table.ts'

export interface DistrictQuery {
  /** A region name or area code; none: the whole country. */
  keywords?: string
  /** How many levels below each match to include (0 to 2). */
  subdistrict: number
}

export interface MapsProvider {
  readonly name: MapsProviderName
  districts(query: DistrictQuery): Promise<MapsAnswer<District[]>>
  reverseGeocode(point: GeoPoint): Promise<MapsAnswer<LocatedPlace>>
  /** `city`: a 6-digit province or city code the suggestions must lie in. */
  suggestions(keyword: string, city?: string): Promise<MapsAnswer<PlaceSuggestion[]>>
  ipLocation(ip: string): Promise<MapsAnswer<LocatedPlace>>
}

const LEVELS = ['province', 'city', 'county'] as const

function districtOf(table: RegionTable, code: string, depth: number): District {
  const at = table.index.get(code)!
  const node = at.node
  const level = code.length > 6 ? 'street' : at.level
  const district: District = { code: node.code, name: node.name, level }
  if (depth > 0 && node.children?.length)
    district.children = node.children.map((c) => districtOf(table, c.code, depth - 1))
  return district
}

/** Names and codes of a 6-digit area code's province, city and county, from the region table. */
export function placeOfAreaCode(table: RegionTable, areaCode: string): Omit<LocatedPlace, 'address'> {
  const value: AddressValue = {}
  regionPath(table.index, areaCode).forEach((node, depth) => {
    const level = LEVELS[depth]!
    value[level] = node.name
    value[`${level}Code`] = node.code
  })
  return {
    province: value.province ?? '',
    provinceCode: value.provinceCode ?? '',
    city: value.city ?? '',
    cityCode: value.cityCode ?? '',
    county: value.county ?? '',
    countyCode: value.countyCode ?? '',
  }
}

/**
 * The offline provider: districts and suggestions from the region table and the addresses of known properties.
 * It has no coordinates and no IP database, so reverse geocoding and IP location answer `available: false`.
 */
export class OfflineMaps implements MapsProvider {
  readonly name = 'offline' as const
  constructor(
    private readonly db: Db,
    private readonly table: RegionTable = regionTable(),
  ) {}

  async districts({ keywords, subdistrict }: DistrictQuery): Promise<MapsAnswer<District[]>> {
    const { table } = this
    const word = keywords?.trim()
    if (!word) {
      const country: District = { code: '100000', name: '中华人民共和国', level: 'country' }
      if (subdistrict > 0)
        country.children = table.tree.map((p) => districtOf(table, p.code, subdistrict - 1))
      return { provider: this.name, available: true, result: [country] }
    }
    const codes = table.index.has(word)
      ? [word]
      : [...table.index.values()].filter((r) => r.node.name === word).map((r) => r.node.code)
    return {
      provider: this.name,
      available: true,
      result: codes.map((c) => districtOf(table, c, subdistrict)),
    }
  }

  async reverseGeocode(): Promise<MapsAnswer<LocatedPlace>> {
    return { provider: this.name, available: false }
  }

  async ipLocation(): Promise<MapsAnswer<LocatedPlace>> {
    return { provider: this.name, available: false }
  }

  /** Known property addresses holding every word first (they are street-level), then matching regions. */
  async suggestions(keyword: string, city?: string): Promise<MapsAnswer<PlaceSuggestion[]>> {
    const tokens = keywordTokens(keyword)
    const known = await this.knownAddresses(tokens, city)
    const regions = regionSuggestions(this.table, tokens, SUGGESTION_LIMIT, city)
    const result = [...known, ...regions].slice(0, SUGGESTION_LIMIT)
    return { provider: this.name, available: true, result }
  }

  private async knownAddresses(tokens: string[], city?: string): Promise<PlaceSuggestion[]> {
    if (tokens.length === 0) return []
    const rows = await this.db
      .selectDistinct({ address: property.address })
      .from(property)
      .where(
        and(eq(property.delFlag, false), ...tokens.map((t) => ilike(property.address, `%${escapeLike(t)}%`))),
      )
      .orderBy(asc(property.address))
      .limit(50)
    const prefix = city ? city.replace(/(00)+$/, '') : ''
    const out: PlaceSuggestion[] = []
    for (const { address } of rows) {
      const cityId = locateAddress(this.table, address)
      // An address that names no known region cannot give the city the application needs.
      if (!cityId?.startsWith(prefix)) continue
      out.push({ title: streetPart(this.table, address, cityId), address, cityId })
    }
    return out.slice(0, SUGGESTION_LIMIT)
  }
}

/** The part of an address after its region names, as the suggestion's title: '海岸路 1 号'. */
function streetPart(table: RegionTable, address: string, cityId: string): string {
  let rest = address.trim()
  for (const node of regionPath(table.index, cityId))
    if (rest.startsWith(node.name)) rest = rest.slice(node.name.length).trim()
  return rest || address
}

type Fetch = typeof fetch

export const AMAP_BASE = 'https://restapi.amap.com'

/** Builds an AMap web service URL: path, parameters (empty ones left out) and the key, as their docs show. */
export function amapUrl(path: string, params: Record<string, string | number | undefined>, key: string): URL {
  const url = new URL(path, AMAP_BASE)
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value))
  url.searchParams.set('key', key)
  url.searchParams.set('output', 'JSON')
  return url
}

/** AMap answers missing values as empty arrays; this reads a string field either way. */
const text = (v: unknown): string => (typeof v === 'string' ? v : '')

function point(v: unknown): GeoPoint | undefined {
  const [lng, lat] = text(v).split(',').map(Number)
  return Number.isFinite(lng) && Number.isFinite(lat) && text(v) ? { lat: lat!, lng: lng! } : undefined
}

interface AmapDistrict {
  adcode: string
  name: string
  center?: string
  level: string
  districts?: AmapDistrict[]
}

function amapDistrict(d: AmapDistrict): District {
  const level = d.level === 'district' ? 'county' : (d.level as District['level'])
  const out: District = { code: d.adcode, name: d.name, level }
  const center = point(d.center)
  if (center) out.center = center
  if (d.districts?.length) out.children = d.districts.map(amapDistrict)
  return out
}

/** AMap's web service REST API (https://lbs.amap.com/api/webservice/summary), with a timeout on every call. */
export class AmapMaps implements MapsProvider {
  readonly name = 'amap' as const
  constructor(
    private readonly key: string,
    private readonly options: { fetch?: Fetch; timeoutMs?: number; table?: RegionTable } = {},
  ) {}

  private async call(path: string, params: Record<string, string | number | undefined>) {
    const doFetch = this.options.fetch ?? fetch
    let body: Record<string, unknown>
    try {
      const res = await doFetch(amapUrl(path, params, this.key), {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      body = (await res.json()) as Record<string, unknown>
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message
      throw new AppError(500, 'maps.providerFailed', [reason])
    }
    // status '1' is success; otherwise `info` names the reason (INVALID_USER_KEY, DAILY_QUERY_OVER_LIMIT…).
    if (body.status !== '1') throw new AppError(500, 'maps.providerFailed', [text(body.info) || 'status 0'])
    return body
  }

  async districts({ keywords, subdistrict }: DistrictQuery): Promise<MapsAnswer<District[]>> {
    const body = await this.call('/v3/config/district', { keywords: keywords?.trim(), subdistrict })
    const list = (body.districts as AmapDistrict[] | undefined) ?? []
    return { provider: this.name, available: true, result: list.map(amapDistrict) }
  }

  async reverseGeocode({ lat, lng }: GeoPoint): Promise<MapsAnswer<LocatedPlace>> {
    // AMap takes longitude first, at most 6 decimals.
    const body = await this.call('/v3/geocode/regeo', { location: `${lng.toFixed(6)},${lat.toFixed(6)}` })
    const regeo = body.regeocode as { formatted_address?: unknown; addressComponent?: { adcode?: unknown } }
    return this.located(text(regeo?.addressComponent?.adcode), text(regeo?.formatted_address), { lat, lng })
  }

  async ipLocation(ip: string): Promise<MapsAnswer<LocatedPlace>> {
    const body = await this.call('/v3/ip', { ip })
    return this.located(text(body.adcode), '')
  }

  private located(adcode: string, address: string, location?: GeoPoint): MapsAnswer<LocatedPlace> {
    if (!/^\d{6}$/.test(adcode)) throw new AppError(404, 'maps.notFound')
    const place = placeOfAreaCode(this.options.table ?? regionTable(), adcode)
    return { provider: this.name, available: true, result: { ...place, address, location } }
  }

  async suggestions(keyword: string, city?: string): Promise<MapsAnswer<PlaceSuggestion[]>> {
    const body = await this.call('/v3/assistant/inputtips', {
      keywords: keyword.trim(),
      city,
      citylimit: city ? 'true' : undefined,
      datatype: 'all',
    })
    const tips = (body.tips as Array<Record<string, unknown>> | undefined) ?? []
    const result: PlaceSuggestion[] = []
    for (const tip of tips) {
      const cityId = text(tip.adcode)
      // Bus lines and tips without an area code cannot give the city an application needs.
      if (!/^\d{6}$/.test(cityId)) continue
      const suggestion: PlaceSuggestion = {
        title: text(tip.name),
        address: `${text(tip.district)}${text(tip.address)}` || text(tip.name),
        cityId,
      }
      const location = point(tip.location)
      if (location) suggestion.location = location
      result.push(suggestion)
    }
    return { provider: this.name, available: true, result: result.slice(0, SUGGESTION_LIMIT) }
  }
}

/** The provider the system config names: AMap when `sys.maps.provider` is 'amap' and a key is set, else offline. */
export async function mapsProvider(db: Db, options: { fetch?: Fetch } = {}): Promise<MapsProvider> {
  const [provider, key] = await Promise.all([readConfig(db, MAPS_PROVIDER_KEY), readConfig(db, MAPS_KEY_KEY)])
  if (provider?.trim().toLowerCase() === 'amap' && key?.trim()) return new AmapMaps(key.trim(), options)
  return new OfflineMaps(db)
}
