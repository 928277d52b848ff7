// Where a page's main thread spent a load: Chromium's trace of the renderer's main thread, self time per kind of
// work (compiling and running script, style, layout and paint, garbage collection), the rest of the wall time idle
// (waiting for the network or the server). The console-load bench prints it beside its timings, so a slow figure
// on a busy machine can be told apart from a heavy page.
import type { Browser, Page } from 'playwright-core'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

const KINDS = ['compile', 'script', 'style', 'layout+paint', 'gc', 'html', 'other'] as const
export type Kind = (typeof KINDS)[number]
export type Breakdown = Record<Kind | 'idle' | 'wall', number>

const KIND_OF: Array<[RegExp, Kind]> = [
  [/GC|Scavenge|MarkCompact|Sweep/i, 'gc'],
  [/compile|parse(?!HTML)|CacheScript|deserialize/i, 'compile'],
  [
    /^(EvaluateScript|v8\.evaluateModule|v8\.run|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|v8\.callFunction|V8\.Execute|RunTask)$/,
    'script',
  ],
  [
    /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation|StyleRecalc|InvalidateLayout)$/,
    'style',
  ],
  [
    /^(Layout|UpdateLayerTree|PrePaint|Paint|PaintImage|Layerize|Commit|CompositeLayers|LocalFrameView::RunPostLifecycleSteps|UpdateLayer)$/,
    'layout+paint',
  ],
  [/^ParseHTML$/, 'html'],
]

const kindOf = (name: string): Kind | undefined => KIND_OF.find(([re]) => re.test(name))?.[1]

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'loading',
  'blink.user_timing',
].join(',')

/** Self time of the renderer main thread's complete events between two trace timestamps, by kind. */
export function breakdown(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  fromUs: number,
  toUs: number,
): Breakdown {
  const out = Object.fromEntries([...KINDS, 'idle', 'wall'].map((k) => [k, 0])) as Breakdown
  const main = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts < toUs && e.ts + e.dur! > fromUs)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  // A stack of open events: each event's self time is its span minus its children's, attributed to its own kind or
  // the nearest enclosing event that has one.
  const stack: Array<{ end: number; kind: Kind | undefined; self: number }> = []
  let busy = 0
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const done = stack.pop()!
      out[done.kind ?? 'other'] += done.self
    }
  }
  for (const e of main) {
    const start = Math.max(e.ts, fromUs)
    const end = Math.min(e.ts + e.dur!, toUs)
    close(start)
    const parent = stack.at(-1)
    if (parent) parent.self -= end - start
    else busy += end - start
    stack.push({ end, kind: kindOf(e.name) ?? parent?.kind, self: end - start })
  }
  close(Number.POSITIVE_INFINITY)
  for (const k of KINDS) out[k] = Math.round(out[k] / 100) / 10
  out.wall = Math.round((toUs - fromUs) / 100) / 10
  out.idle = Math.round((toUs - fromUs - busy) / 100) / 10
  return out
}

/**
 * Runs `load` under Chromium's tracing: it navigates the page and answers the moment (performance.now(), ms since
 * the navigation) the thing measured was there; answers the main thread's breakdown from navigation to then.
 */
export async function traceLoad(
  browser: Browser,
  page: Page,
  load: () => Promise<number>,
): Promise<Breakdown> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES.split(',') })
  const at = await load()
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[]
  }
  // The page's own navigation (not the about:blank the tab opened with).
  const nav = traceEvents.filter(
    (e) =>
      e.name === 'navigationStart' &&
      /^http/.test((e.args as { data?: { documentLoaderURL?: string } })?.data?.documentLoaderURL ?? ''),
  )
  const start = nav.at(-1)
  if (!start) throw new Error('the trace holds no navigation')
  return breakdown(traceEvents, start, start.ts, start.ts + at * 1000)
}

export function formatBreakdown(label: string, b: Breakdown): string {
  const parts = [...KINDS, 'idle'].map((k) => `${k} ${b[k as keyof Breakdown]}`)
  return `${label}: ${b.wall} ms = ${parts.join(', ')}`
}
