// Built-in language packs: every area's strings merged, and the one translate function all packages use.
import adminConsole from './packs/admin-console.ts'
import adminMore from './packs/admin-more.ts'
import agency from './packs/agency.ts'
import auth from './packs/auth.ts'
import billing from './packs/billing.ts'
import bridge from './packs/bridge.ts'
import cardApply from './packs/card-apply.ts'
import cardConsole from './packs/card-console.ts'
import cardRecords from './packs/card-records.ts'
import cards from './packs/cards.ts'
import catalogue from './packs/catalogue.ts'
import common from './packs/common.ts'
import consolePack from './packs/console.ts'
import crud from './packs/crud.ts'
import deskChart from './packs/desk-chart.ts'
import deskFolio from './packs/desk-folio.ts'
import deskLanguage from './packs/desk-language.ts'
import deviceSettings from './packs/device-settings.ts'
import devices from './packs/devices.ts'
import fields from './packs/fields.ts'
import finance from './packs/finance.ts'
import frontDeskConsole from './packs/front-desk-console.ts'
import gen from './packs/gen.ts'
import members from './packs/members.ts'
import membersDesk from './packs/members-desk.ts'
import nightAudit from './packs/night-audit.ts'
import orders from './packs/orders.ts'
import properties from './packs/properties.ts'
import propertiesConsole from './packs/properties-console.ts'
import propertyDevices from './packs/property-devices.ts'
import qualification from './packs/qualification.ts'
import reports from './packs/reports.ts'
import roomStatus from './packs/room-status.ts'
import roomStock from './packs/room-stock.ts'
import roomStockConsole from './packs/room-stock-console.ts'
import shop from './packs/shop.ts'
import system from './packs/system.ts'
import { fillPlurals } from './plurals.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PackSet } from './types.ts'

export * from './plurals.ts'
export * from './types.ts'

/** Every area's pack. Add an area by importing its pack file here. */
const areas: PackSet[] = [
  common,
  auth,
  billing,
  bridge,
  cards,
  cardConsole,
  cardRecords,
  consolePack,
  devices,
  orders,
  frontDeskConsole,
  system,
  roomStock,
  roomStockConsole,
  roomStatus,
  properties,
  propertiesConsole,
  crud,
  qualification,
  finance,
  deskFolio,
  members,
  membersDesk,
  deskChart,
  fields,
  adminConsole,
  nightAudit,
  reports,
  deskLanguage,
  catalogue,
  propertyDevices,
  shop,
  deviceSettings,
  cardApply,
  adminMore,
  gen,
  agency,
]

export const builtInPacks: Record<Language, Record<string, string>> = {
  'zh-CN': Object.assign({}, ...areas.map((a) => a['zh-CN'])),
  'zh-HK': Object.assign({}, ...areas.map((a) => a['zh-HK'])),
  'en-US': Object.assign({}, ...areas.map((a) => a['en-US'])),
}

/** Picks the best built-in language for an Accept-Language header or a stored choice. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase()
    if (!tag) continue
    const exact = LANGUAGES.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    if (tag === 'zh-tw' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-HK'
    if (tag.startsWith('zh')) return 'zh-CN'
    if (tag.startsWith('en')) return 'en-US'
  }
  return DEFAULT_LANGUAGE
}

type Params = readonly unknown[] | Record<string, unknown>
const paramOf = (params: Params, name: string) =>
  Array.isArray(params) ? params[Number(name)] : (params as Record<string, unknown>)[name]

/**
 * Translates a key, filling `{0}`, `{1}` or `{name}` placeholders and plural ones (`{0|room|rooms}`). An unknown
 * key comes back as itself.
 */
export function translate(lang: Language, key: string, params?: Params): string {
  const text = builtInPacks[lang][key] ?? builtInPacks[DEFAULT_LANGUAGE][key] ?? key
  if (!params) return text
  return fillPlurals(text, params).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = paramOf(params, name)
    return value === undefined ? whole : String(value)
  })
}
