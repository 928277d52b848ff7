// Views the server computes from the clock as well as from data (the room status chart, the desk's day): a stay
// turning overdue or an arrival's booking ending changes them with nothing published. The server names the next such
// instant (`changesAt`) and the view reads itself again then.
import { useEffect, useRef } from 'react'

/** How long after its instant a view is read again (the server's clock may run a little behind the browser's). */
const FIRST_MARGIN_MS = 1_000
/** The longest margin, reached when the browser's clock keeps running ahead of the server's. */
const MAX_MARGIN_MS = 60_000
/** The longest single wait (a timer cannot wait weeks; a view read again then schedules the rest). */
const MAX_WAIT_MS = 6 * 3_600_000

/**
 * Calls `reload` at `changesAt` (ISO instant; nothing when absent). `loads` counts the view's completed reads: each
 * schedules again, same instant or not. A read that comes back naming an instant the browser already thinks past (its
 * clock runs ahead of the server's) waits twice as long next time, up to a minute, instead of asking in a loop.
 */
export function useTimedReload(changesAt: string | undefined, loads: number, reload: () => unknown): void {
  const margin = useRef(FIRST_MARGIN_MS)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loads` schedules again after every read, same instant or not
  useEffect(() => {
    if (!changesAt) return
    const ahead = Date.parse(changesAt) - Date.now()
    margin.current = ahead <= 0 ? Math.min(margin.current * 2, MAX_MARGIN_MS) : FIRST_MARGIN_MS
    const timer = setTimeout(() => void reload(), Math.min(Math.max(0, ahead) + margin.current, MAX_WAIT_MS))
    return () => clearTimeout(timer)
  }, [changesAt, loads, reload])
}
