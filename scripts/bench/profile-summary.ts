// `npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile's time went, as the
// share of all samples spent in each area (a package under node_modules, a folder of the project, Node's own code,
// garbage collection, idle) and in the `top` (30) functions by self time, then each area's share with what it calls
// (samples with a frame of the area anywhere on the stack). Areas tell what to look at; functions where.
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, topArg] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const top = Number(topArg ?? 30)

/** The area a frame's code belongs to: its package, the project's folder, Node's internals, or V8's own entries. */
function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame
  if (!url) return `(${functionName || 'anonymous'})`
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]!
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/')
  const own = /\/(protocol|server|bridge|web|scripts|test)\/(src\/)?([^/]+)/.exec(url)
  if (own) return `${own[1]}/${own[3]}`
  return url
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const selfByNode = new Map<number, number>()
let total = 0
for (const [i, id] of profile.samples.entries()) {
  const dt = profile.timeDeltas[i] ?? 0
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + dt)
  total += dt
}
const areas = new Map<string, number>()
const functions = new Map<string, number>()
for (const [id, time] of selfByNode) {
  const frame = byId.get(id)!.callFrame
  const area = areaOf(frame)
  areas.set(area, (areas.get(area) ?? 0) + time)
  const name = `${frame.functionName || '(anonymous)'} ${area}:${frame.lineNumber + 1}`
  functions.set(name, (functions.get(name) ?? 0) + time)
}
// Inclusive: each sample's stack walked from its node to the root, each area counted once per sample.
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const inclusive = new Map<string, number>()
for (const [id, time] of selfByNode) {
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    seen.add(areaOf(byId.get(at)!.callFrame))
  for (const area of seen) inclusive.set(area, (inclusive.get(area) ?? 0) + time)
}
const percent = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1])
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled\n\nby area`)
for (const [area, t] of sorted(areas).slice(0, top)) console.log(`${percent(t)}  ${area}`)
console.log('\nby function (self)')
for (const [name, t] of sorted(functions).slice(0, top)) console.log(`${percent(t)}  ${name}`)
console.log('\nby area, with what it calls')
for (const [area, t] of sorted(inclusive).slice(0, top)) console.log(`${percent(t)}  ${area}`)
