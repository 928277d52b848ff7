// Every catalogue dictionary's entries and the models, fetched whole and quietly, for the model screen's pickers.
import {
  CATALOGUE_DICTIONARIES,
  type CatalogueDictionary,
  type CatalogueEntry,
  type DeviceModel,
} from '@pms/protocol/api/devices'
import { useCallback, useEffect, useState } from 'react'
import { allEntries, allModels } from './api.ts'

export type CatalogueLookups = Record<CatalogueDictionary, CatalogueEntry[]> & { models: DeviceModel[] }

const empty = (): CatalogueLookups =>
  ({
    ...Object.fromEntries(CATALOGUE_DICTIONARIES.map((k) => [k, []])),
    models: [],
  }) as unknown as CatalogueLookups

/** The catalogue, and `reload` to fetch it again (e.g. after a model was added, for the related-models picker). */
export function useCatalogue(): CatalogueLookups & { reload: () => Promise<void> } {
  const [data, setData] = useState<CatalogueLookups>(empty)
  const reload = useCallback(async () => {
    const entries = await Promise.all(CATALOGUE_DICTIONARIES.map((k) => allEntries(k).catch(() => [])))
    const models = await allModels().catch(() => [])
    setData({
      ...Object.fromEntries(CATALOGUE_DICTIONARIES.map((k, i) => [k, entries[i]])),
      models,
    } as unknown as CatalogueLookups)
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...data, reload }
}
