import { PgDialect } from 'drizzle-orm/pg-core'
import { performance } from 'node:perf_hooks'
const stats = new Map<string, { n: number; ms: number }>()
const orig = PgDialect.prototype.sqlToQuery
PgDialect.prototype.sqlToQuery = function (this: any, s: any, inv?: any) {
  const t = performance.now()
  const r = orig.call(this, s, inv)
  const key = r.sql.replace(/\s+/g, ' ').slice(0, 90)
  const e = stats.get(key) ?? { n: 0, ms: 0 }
  e.n++; e.ms += performance.now() - t
  stats.set(key, e)
  return r
}
process.on('exit', () => {
  const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)
  for (const [k, v] of rows) console.error(v.ms.toFixed(0).padStart(6), 'ms', String(v.n).padStart(6), (v.ms / v.n * 1000).toFixed(0).padStart(5), 'µs', k)
})
