// What the device screens pick from: the catalogue's enabled models and the binding tree (rooms, gateways, devices).
import type { BindingTree, ModelOption } from '@pms/protocol/api/devices'
import { useCallback, useEffect, useState } from 'react'
import { deviceApi } from './api.ts'

const EMPTY_TREE: BindingTree = { buildings: [], gateways: [], desks: [], unbound: [] }

export function useDeviceLookups() {
  const [models, setModels] = useState<ModelOption[]>([])
  const [tree, setTree] = useState<BindingTree>(EMPTY_TREE)
  const [loaded, setLoaded] = useState(false)
  const reload = useCallback(async () => {
    const [m, t] = await Promise.all([
      deviceApi.models().catch(() => ({ data: [] as ModelOption[] })),
      deviceApi.tree().catch(() => ({ data: EMPTY_TREE })),
    ])
    setModels(m.data ?? [])
    setTree(t.data ?? EMPTY_TREE)
    setLoaded(true)
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  const rooms = tree.buildings.flatMap((b) =>
    b.floors.flatMap((fl) =>
      fl.rooms.map((r) => ({ ...r, buildingName: b.buildingName, floorName: fl.floorName })),
    ),
  )
  return { models, tree, rooms, loaded, reload }
}
