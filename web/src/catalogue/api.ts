// Server calls of the catalogue screens (server/src/devices/catalogue.ts, protocol/src/api/devices.ts).
import {
  type CatalogueDictionary,
  type CatalogueEntry,
  type DeviceModel,
  dictionaryBase,
} from '@pms/protocol/api/devices'
import { crudApi, fetchAll } from '../ui/crud/api.ts'

export const dictionaryApi = (kind: CatalogueDictionary) => crudApi<CatalogueEntry>(dictionaryBase(kind))
export const modelApi = crudApi<DeviceModel>('/device/dvcModel')

export const allEntries = (kind: CatalogueDictionary) => fetchAll(dictionaryApi(kind))
export const allModels = () => fetchAll(modelApi)
