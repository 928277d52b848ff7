// BENCH_STAGES=1 (front-desk): where the process's CPU goes within a request, by the server's own stages (Fastify's
// hooks: parsing, validation with authentication, the handler, serialising, writing the answer), per route and per
// request of a phase, beside the phase's CPU per request in all (what is left is the client's, Node's HTTP parsing
// and work between requests) and the garbage collector's pauses. The process's CPU is read at each stage's start
// (process.cpuUsage: every thread of the process), so a figure is one request's only when requests do not overlap:
// run it with one client (BENCH_POSTGRES_CLIENTS=1, BENCH_CLIENTS=1 for PGlite).
import { PerformanceObserver } from 'node:perf_hooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'

const STAGES = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
] as const

/** CPU time of the process so far, in µs. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

export interface StageMeter {
  /** Starts a phase: figures so far are dropped. */
  start(): void
  /** The phase's figures per request, as lines to print. */
  report(phase: string, requests: number): string[]
}

/** Adds the hooks that read the CPU at each stage of every request to `app` (before it listens). */
export function meterStages(app: FastifyInstance): StageMeter {
  const spent = new Map<string, number>()
  const last = new WeakMap<FastifyRequest, { at: number; stage: string }>()
  for (const stage of STAGES)
    app.addHook(stage, async (request: FastifyRequest) => {
      const at = cpuNow()
      const before = last.get(request)
      if (before) {
        const key = `${request.routeOptions.url ?? request.url}  ${before.stage} → ${stage}`
        spent.set(key, (spent.get(key) ?? 0) + at - before.at)
      }
      last.set(request, { at, stage })
    })
  let gcMs = 0
  let startedAt = 0
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration
  })
  gc.observe({ entryTypes: ['gc'] })
  return {
    start() {
      spent.clear()
      gcMs = 0
      startedAt = cpuNow()
    },
    report(phase, requests) {
      const per = (us: number) => (us / 1000 / Math.max(1, requests)).toFixed(3)
      return [
        `${phase}: process CPU ${per(cpuNow() - startedAt)} ms per request, garbage collector's pauses ${per(gcMs * 1000)} ms`,
        ...[...spent]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 24)
          .map(([key, us]) => `  ${per(us)} ms  ${key}`),
      ]
    },
  }
}
