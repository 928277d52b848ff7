// The property a settings screen works on: the session's current property, read with GET /pms/pmsProperty/info.
import type { PropertyView } from '@pms/protocol/api/properties'
import { useCallback, useEffect, useState } from 'react'
import { useSession } from '../session/store.ts'
import { propertyAdminApi } from './api.ts'

export function useCurrentProperty() {
  const { propertyId, status } = useSession()
  const [property, setProperty] = useState<PropertyView | null>(null)
  const [loading, setLoading] = useState(true)

  const reload = useCallback(async () => {
    if (status !== 'ready' || !propertyId) return setLoading(false)
    setLoading(true)
    try {
      setProperty((await propertyAdminApi.info()).data ?? null)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }, [propertyId, status])

  useEffect(() => {
    void reload()
  }, [reload])

  return { propertyId, property, loading, reload }
}
