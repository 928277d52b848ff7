// The current property's buildings, floors and rooms for the issuing form, loaded once per property.
import type { CardScopeView } from '@pms/protocol/api/card-scope'
import useSWR from 'swr'
import { useSession } from '../session/store.ts'
import { cardApi } from './api.ts'

export function useScopes(): CardScopeView | undefined {
  const { propertyId } = useSession()
  const { data } = useSWR(['card-scopes', propertyId], async () => (await cardApi.scopes()).data, {
    revalidateOnFocus: false,
  })
  return data
}

/** Room numbers by room id, for tables that hold ids. */
export function roomNumbers(view: CardScopeView | undefined): Map<number, string> {
  const out = new Map<number, string>()
  for (const b of view?.buildings ?? [])
    for (const f of b.floors) for (const r of f.rooms) out.set(r.roomId, r.roomNo)
  return out
}
