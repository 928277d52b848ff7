// The cart badge: the sum of num over the user's cart lines (SPEC §3), and `reload` after a change.
import { useCallback, useEffect, useState } from 'react'
import { cartApi } from './api.ts'

export function useCartCount(): { count: number; reload: () => Promise<void> } {
  const [count, setCount] = useState(0)
  const reload = useCallback(async () => {
    try {
      const lines = (await cartApi.list({ quiet: true })).data ?? []
      setCount(lines.reduce((sum, l) => sum + l.num, 0))
    } catch {
      // The badge stays as it was.
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [reload])
  return { count, reload }
}
