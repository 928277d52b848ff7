// The records a room-stock screen picks from (buildings, floors, types…), fetched whole and quietly; those the user
// may not list are not asked for (no refused calls), and their pickers stay empty.
import { hasPermission } from '@pms/protocol'
import { useCallback, useEffect, useState } from 'react'
import { fetchAll } from '../ui/crud/api.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
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
import { RoomStockPermission } from './permissions.ts'

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

/** What listing each kind takes; kinds not named here are asked for whoever asks. */
const LIST_PERMISSION: Partial<Record<keyof Lookups, string>> = {
  parks: `${RoomStockPermission.park}:list`,
  buildings: `${RoomStockPermission.building}:list`,
  units: `${RoomStockPermission.unit}:list`,
  floors: `${RoomStockPermission.floor}:list`,
  roomTypes: `${RoomStockPermission.roomType}:list`,
  attributes: `${RoomStockPermission.roomAttribute}:list`,
}

export function useLookups(kinds: readonly (keyof Lookups)[]) {
  const [data, setData] = useState<Lookups>(empty)
  const permissions = usePermissions()
  const key = kinds
    .filter((k) => !LIST_PERMISSION[k] || hasPermission({ permissions }, [LIST_PERMISSION[k]!]))
    .join(',')
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
