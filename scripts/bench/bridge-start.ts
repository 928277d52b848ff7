// `npm run bench -- bridge-start`: the embedded bridge's start time (first start: new data folder, migrations and demo
// data; second start: the same folder) to the first healthy /bridge/health, and its idle memory (RSS) after a desk's
// first calls, run from the TypeScript sources through tsx, from the bundle as it was made before (every installed
// package loaded as installed) and from the bundle `npm start` runs. Baselines of the same run: a bare Node process
// answering HTTP (start and RSS: what any Node service costs on this machine now), and PGlite alone on the same data
// folder with PostgreSQL's default buffers and with the bridge's, to show where the memory goes.
// BENCH_ROUNDS (default 2) repeats the second start and the idle measure, alternating the variants.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { makeTempDir } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

const root = new URL('../..', import.meta.url).pathname
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000)
const round = (n: number) => Math.round(n)

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)

for (const args of [[], ['--packages-external']]) {
  const build = spawnSync(process.execPath, ['scripts/build-bridge.mjs', ...args], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error('building the bridge failed')
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
/** The process's RSS in MiB, or its child's when it only launches one (tsx runs the bridge in a child process). */
const rssMiB = (pid: number): number => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  return children.length === 1 ? rssMiB(Number(children[0])) : round(rssOf(pid))
}
/** CPU time (user + system, ms) the process has used, or its child's when it only launches one: the figure a loaded
 * machine disturbs least. */
const cpuMs = (pid: number): number => {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
  if (children.length === 1) return cpuMs(Number(children[0]))
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10 // clock ticks of 10 ms
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!

async function waitHealthy(base: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bridge exited (${child.exitCode})`)
    try {
      const res = await fetch(`${base}/bridge/health`)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function start(command: string[], dataDir: string, port: number, bridge = true) {
  const started = performance.now()
  const child = spawn(
    command[0]!,
    bridge
      ? [...command.slice(1), 'start', '--port', String(port), '--data-dir', dataDir, '--simulate']
      : command.slice(1),
    {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, PMS_LOG_LEVEL: 'warn' },
    },
  )
  const base = `http://127.0.0.1:${port}`
  await waitHealthy(base, child)
  return { child, base, ms: round(performance.now() - started), cpuMs: cpuMs(child.pid!) }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

const variants: Array<[string, string[]]> = [
  ['tsx (sources)', [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'bridge/src/cli.ts']],
  ['bundle, packages as installed (before)', [process.execPath, 'bridge/dist/cli-packages-external.mjs']],
  ['bundle (npm start)', [process.execPath, 'bridge/dist/cli.mjs']],
]
interface Figures {
  firstStartMs: number
  secondStartMs: number[]
  secondStartCpuMs: number[]
  idleRssMiB: number[]
}
const results: Record<string, Figures> = {}
let port = 4890
const dirs = variants.map(() => makeTempDir('pms-bench-bridge-start-'))
try {
  // First starts: a new data folder each (migrations, demo data).
  for (const [i, [name, command]] of variants.entries()) {
    const first = await start(command, dirs[i]!.path, port++)
    await stop(first.child)
    results[name] = { firstStartMs: first.ms, secondStartMs: [], secondStartCpuMs: [], idleRssMiB: [] }
  }
  // Second starts, alternating the variants round after round, each followed by a desk's first calls and idling.
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, [name, command]] of variants.entries()) {
      const second = await start(command, dirs[i]!.path, port++)
      const desk = bridgeClient(second.base)
      await desk.signIn('clerk')
      await desk.call('GET', '/prod-api/system/user/getInfo')
      await desk.call('GET', '/prod-api/pms/pmsRoom/statusChart')
      await new Promise((r) => setTimeout(r, IDLE_MS))
      results[name]!.idleRssMiB.push(rssMiB(second.child.pid!))
      results[name]!.secondStartMs.push(second.ms)
      results[name]!.secondStartCpuMs.push(second.cpuMs)
      await stop(second.child)
    }
} finally {
  for (const dir of dirs.slice(1)) dir.remove()
}

// Baseline: a bare Node process that answers HTTP, started the same way.
const bareNode = { startMs: [] as number[], cpuMs: [] as number[], rssMiB: [] as number[] }
for (let round = 0; round < ROUNDS; round++) {
  const bare = await start(
    [
      process.execPath,
      '-e',
      `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1')`,
    ],
    '',
    port,
    false,
  )
  port++
  await new Promise((r) => setTimeout(r, IDLE_MS))
  bareNode.rssMiB.push(rssMiB(bare.child.pid!))
  bareNode.startMs.push(bare.ms)
  bareNode.cpuMs.push(bare.cpuMs)
  await stop(bare.child)
}

/** PGlite alone: a node process that opens the data folder and answers one query, with these start parameters. */
const pgliteAlone = (sharedBuffers: string) => {
  const alone = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { PGlite } from '@electric-sql/pglite'; import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
       const db = await PGlite.create(${JSON.stringify(`${dirs[0]!.path}/db`)}, { extensions: { btree_gist },
         startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${sharedBuffers}'] });
       await db.query('SELECT count(*) FROM pms_room');
       const kb = Number(/VmRSS:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]);
       console.log(Math.round(kb / 1024)); await db.close()`,
    ],
    { cwd: `${root}/server`, encoding: 'utf8' },
  )
  return Number(alone.stdout.trim())
}
const pgliteDefaultRss = pgliteAlone('128MB')
const pgliteBridgeRss = pgliteAlone('16MB')
dirs[0]!.remove()

const summary = Object.fromEntries(
  Object.entries(results).map(([name, r]) => [
    name,
    {
      firstStartMs: r.firstStartMs,
      secondStartMs: median(r.secondStartMs),
      secondStartRuns: r.secondStartMs,
      secondStartCpuMs: median(r.secondStartCpuMs),
      idleRssMiB: median(r.idleRssMiB),
      secondStartOverBareNode: Math.round((median(r.secondStartMs) / median(bareNode.startMs)) * 10) / 10,
    },
  ]),
)
console.log(`\nbridge-start: embedded database with demo data (medians of ${ROUNDS} second starts)\n`)
const row = (cells: Array<string | number>) =>
  console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(40) : String(c).padStart(14))).join(''))
row([
  'variant',
  'first start ms',
  '2nd start ms',
  '/ bare node',
  '2nd start CPU',
  'CPU / bare',
  'idle RSS MiB',
])
const bareCpu = median(bareNode.cpuMs)
for (const [name, r] of Object.entries(summary))
  row([
    name,
    r.firstStartMs,
    r.secondStartMs,
    `${r.secondStartOverBareNode}×`,
    r.secondStartCpuMs,
    `${Math.round((r.secondStartCpuMs / bareCpu) * 10) / 10}×`,
    r.idleRssMiB,
  ])
row([
  'baseline: bare node HTTP server',
  '',
  median(bareNode.startMs),
  '',
  bareCpu,
  '',
  median(bareNode.rssMiB),
])
row(['baseline: PGlite alone, 128 MB buffers', '', '', '', '', '', pgliteDefaultRss])
row(['baseline: PGlite alone, 16 MB (bridge)', '', '', '', '', '', pgliteBridgeRss])
console.log(
  JSON.stringify({
    bench: 'bridge-start',
    idleMs: IDLE_MS,
    rounds: ROUNDS,
    bareNodeStartMs: median(bareNode.startMs),
    bareNodeCpuMs: bareCpu,
    bareNodeRssMiB: median(bareNode.rssMiB),
    pgliteAloneDefaultBuffersRssMiB: pgliteDefaultRss,
    pgliteAloneBridgeBuffersRssMiB: pgliteBridgeRss,
    ...summary,
  }),
)
