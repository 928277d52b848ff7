// The region tree and the maps calls. The tree (~110 kB) is fetched once from the server and kept by SWR, so it
// never sits in the console's main chunk; the server's ETag lets the browser revalidate it cheaply.
import type { Result } from '@pms/protocol'
import type { RegionNode } from '@pms/protocol/geo/regions'
import type { MapsAnswer, PlaceSuggestion } from '@pms/protocol/geo/regions-maps'
import useSWR from 'swr'
import { http } from '../api/request.ts'

export const regionApi = {
  tree: () => http.get<Result<RegionNode[]>>('/system/region/tree', undefined, { auth: false }),
}

export const mapsApi = {
  suggestion: (keyword: string, city?: string) =>
    http.get<Result<MapsAnswer<PlaceSuggestion[]>>>(
      '/system/maps/suggestion',
      { keyword, city },
      { quiet: true },
    ),
}

export function useRegionTree(): { tree: RegionNode[] | undefined; error: boolean } {
  const { data, error } = useSWR('region-tree', async () => (await regionApi.tree()).data ?? [], {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: 3_600_000,
  })
  return { tree: data, error: Boolean(error) }
}
