// Contract of the maps service calls (SPEC §7 external services): district list, reverse geocoding, place
// suggestions and IP location, answered by the server's maps adapter (offline by default, or a web service).

/** Which adapter answered: the offline default or a configured web service. */
export type MapsProviderName = 'offline' | 'amap'

export interface GeoPoint {
  lat: number
  lng: number
}

/** One place suggestion for a keyword: cityId is the 6-digit area code of its county (or city). */
export interface PlaceSuggestion {
  title: string
  address: string
  cityId: string
  location?: GeoPoint
}

/** A district and, when asked for, its sub-districts. */
export interface District {
  code: string
  name: string
  level: 'country' | 'province' | 'city' | 'county' | 'street'
  center?: GeoPoint
  children?: District[]
}

/** A place found for coordinates or an IP: area codes and names, and the street address when known. */
export interface LocatedPlace {
  province: string
  provinceCode: string
  city: string
  cityCode: string
  county: string
  countyCode: string
  address: string
  location?: GeoPoint
}

/**
 * A maps answer. `available: false` says the active provider cannot answer this kind of question at all (the
 * offline provider has no coordinates and no IP database); `result` is then absent and the envelope's msg says so.
 */
export interface MapsAnswer<T> {
  provider: MapsProviderName
  available: boolean
  result?: T
}

/** Config keys (sys_config) that switch the maps adapter: provider 'amap' plus a web-service key. */
export const MAPS_PROVIDER_KEY = 'sys.maps.provider'
export const MAPS_KEY_KEY = 'sys.maps.key'
export const SUGGESTION_LIMIT = 10
