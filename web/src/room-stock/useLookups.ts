// The records a room-stock screen picks from (buildings, floors, types…), fetched whole and quietly: a picker the
// user may not read just stays empty.
import { useCallback, useEffect, useState } from 'react'
import { fetchAll } from '../ui/crud/api.ts'
import {
  type Building,
  buildingApi,
  type Floor,
  floorApi,
  type Park,
  parkApi,
  type RoomAttribute,
  type RoomType,
  roomAttributeApi,
  roomTypeApi,
  type StaffUser,
  staffApi,
  type Unit,
  unitApi,
} from './api.ts'

export interface Lookups {
  parks: Park[]
  buildings: Building[]
  units: Unit[]
  floors: Floor[]
  roomTypes: RoomType[]
  attributes: RoomAttribute[]
  users: StaffUser[]
}

const empty: Lookups = {
  parks: [],
  buildings: [],
  units: [],
  floors: [],
  roomTypes: [],
  attributes: [],
  users: [],
}

const loaders: { [K in keyof Lookups]: () => Promise<Lookups[K]> } = {
  parks: () => fetchAll(parkApi),
  buildings: () => fetchAll(buildingApi),
  units: () => fetchAll(unitApi),
  floors: () => fetchAll(floorApi),
  roomTypes: () => fetchAll(roomTypeApi),
  attributes: () => fetchAll(roomAttributeApi),
  users: () => fetchAll(staffApi, { userType: 2 }),
}

export function useLookups(kinds: readonly (keyof Lookups)[]) {
  const [data, setData] = useState<Lookups>(empty)
  const key = kinds.join(',')
  const reload = useCallback(async () => {
    const wanted = key.split(',').filter(Boolean) as (keyof Lookups)[]
    const loaded = await Promise.all(wanted.map((k) => loaders[k]().catch(() => [])))
    setData((d) => ({ ...d, ...Object.fromEntries(wanted.map((k, i) => [k, loaded[i]])) }))
  }, [key])
  useEffect(() => {
    void reload()
  }, [reload])
  return { ...data, reload }
}
