// Loading a period report: on open without a period (the server answers its default around the property's open
// business date, and the pickers take the period it used), then for the period picked.
import { useEffect, useState } from 'react'
import type { Period } from './api.ts'

export function usePeriodReport<R extends Period>(load: (period?: Period) => Promise<{ data?: R | null }>) {
  const [begin, setBegin] = useState('')
  const [end, setEnd] = useState('')
  const [report, setReport] = useState<R | null>(null)
  const [loading, setLoading] = useState(false)
  const show = async (period?: Period) => {
    setLoading(true)
    try {
      const data = (await load(period)).data ?? null
      setReport(data)
      if (data) {
        setBegin(data.beginDate)
        setEnd(data.endDate)
      }
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    void show()
  }, [])
  return {
    report,
    loading,
    begin,
    end,
    setBegin,
    setEnd,
    show: () => void show(begin && end ? { beginDate: begin, endDate: end } : undefined),
  }
}
