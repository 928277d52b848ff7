/**
 * The device catalogue and the property's devices (SPEC §1 devices and catalogue, §3 Device, §8 device sync errors).
 *
 * Catalogue (platform administrators, user type 1; plain CRUD, under /prod-api):
 * - GET/POST/PUT/DELETE /device/dvc{Series|Colour|Material|Part|Category|Function|Protocol|Networking|Scene}…
 *   dictionaries: code (unique), name, labelKey (a language-pack key shown instead of the name when set), sort,
 *   state                                                                  device:dvc<Kind>:*
 * - GET/POST/PUT/DELETE /device/dvcModel…   models (rules of SPEC §5 below)  device:dvcModel:*
 *
 * Model rules: 'The start year cannot be greater than the end year'; 'The model cannot be associated with itself';
 * every dictionary id must exist. `capabilities` is the flag set the bridge understands (DeviceCapability).
 */

export const CATALOGUE_DICTIONARIES = [
  'series',
  'colour',
  'material',
  'part',
  'category',
  'function',
  'protocol',
  'networking',
  'scene',
] as const
export type CatalogueDictionary = (typeof CATALOGUE_DICTIONARIES)[number]

/** URL/permission stem of each dictionary: /device/dvcSeries, device:dvcSeries:list… */
export const DICTIONARY_STEM: Record<CatalogueDictionary, string> = {
  series: 'dvcSeries',
  colour: 'dvcColour',
  material: 'dvcMaterial',
  part: 'dvcPart',
  category: 'dvcCategory',
  function: 'dvcFunction',
  protocol: 'dvcProtocol',
  networking: 'dvcNetworking',
  scene: 'dvcScene',
}

export const dictionaryPermission = (kind: CatalogueDictionary) => `device:${DICTIONARY_STEM[kind]}`
export const dictionaryBase = (kind: CatalogueDictionary) => `/device/${DICTIONARY_STEM[kind]}`
export const ModelPermission = 'device:dvcModel'

/**
 * What a device of a model can do, as bits the bridge and the server agree on: a lock is bound to a room and opened by
 * cards; a gateway has locks behind it; an encoder writes cards, a reader reads them; lock sync means the model can
 * be found by a scan and bound without typing its MAC.
 */
export const DeviceCapability = {
  encodesCards: 1,
  lock: 2,
  gateway: 4,
  readsCards: 8,
  lockSync: 16,
} as const
export type DeviceCapabilityName = keyof typeof DeviceCapability
export const DEVICE_CAPABILITIES = Object.keys(DeviceCapability) as DeviceCapabilityName[]

/** The flag values of a bit set, in the order above. */
export function capabilityFlags(mask: number): number[] {
  return Object.values(DeviceCapability).filter((bit) => (mask & bit) !== 0)
}
export function capabilityMask(flags: readonly number[]): number {
  return flags.reduce((mask, bit) => mask | bit, 0)
}
export function hasCapability(mask: number, name: DeviceCapabilityName): boolean {
  return (mask & DeviceCapability[name]) !== 0
}

export interface CatalogueEntry {
  dictId: number
  code: string
  name: string
  labelKey: string
  sort: number
  state: '0' | '1'
  remark: string
}

export interface DeviceModel {
  modelId: number
  code: string
  name: string
  seriesId: number | null
  categoryId: number | null
  protocolId: number | null
  networkingId: number | null
  functionIds: number[]
  sceneIds: number[]
  partIds: number[]
  colourIds: number[]
  materialIds: number[]
  relatedIds: number[]
  startYear: number | null
  endYear: number | null
  /** Picture addresses, comma-separated (as the shop's productImages). */
  pictures: string
  /** DeviceCapability bits that are set. */
  capabilities: number[]
  state: '0' | '1'
  remark: string
}

/** Catalogue codes the bridge reports for the devices it finds (seeded in migration 0019). */
export const BLE_V3_LOCK_MODEL_CODE = 'PMSL-V3'
