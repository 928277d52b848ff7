// Loading a period report: on open for the period given (or without one: the server answers its default around the
// property's open business date, and the pickers take the period it used), then for the period picked.
import { useEffect, useState } from 'react'
import type { Period } from './api.ts'

export interface PeriodOptions {
  /** The period to open on (a screen switching views keeps the period picked). */
  initial?: Period
  /** Told the period of each report loaded. */
  onLoaded?: (period: Period) => void
}

export function usePeriodReport<R extends Period>(
  load: (period?: Period) => Promise<{ data?: R | null }>,
  options: PeriodOptions = {},
) {
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
        options.onLoaded?.({ beginDate: data.beginDate, endDate: data.endDate })
      }
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    void show(options.initial)
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
