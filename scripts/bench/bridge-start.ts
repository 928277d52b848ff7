// `npm run bench -- bridge-start`: the embedded bridge's start time (first start: new data folder, migrations and demo
// data; second start: the same folder) to the first healthy /bridge/health, and its idle memory (RSS) after a desk's
// first calls, run from the TypeScript sources through tsx and from the precompiled bundle (`npm start`). Beside it,
// PGlite alone on the same data folder, to show where the memory goes.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { makeTempDir } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

const root = new URL('../..', import.meta.url).pathname
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000)
const round = (n: number) => Math.round(n)

const build = spawnSync(process.execPath, ['scripts/build-bridge.mjs'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) throw new Error('building the bridge failed')

const rssMiB = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return round(kb / 1024)
}

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

async function start(command: string[], dataDir: string, port: number) {
  const started = performance.now()
  const child = spawn(
    command[0]!,
    [...command.slice(1), 'start', '--port', String(port), '--data-dir', dataDir, '--simulate'],
    {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, PMS_LOG_LEVEL: 'warn' },
    },
  )
  const base = `http://127.0.0.1:${port}`
  await waitHealthy(base, child)
  return { child, base, ms: round(performance.now() - started) }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

const variants: Array<[string, string[]]> = [
  ['tsx (sources)', [process.execPath, 'node_modules/tsx/dist/cli.mjs', 'bridge/src/cli.ts']],
  ['precompiled (npm start)', [process.execPath, 'bridge/dist/cli.mjs']],
]
const results: Record<string, { firstStartMs: number; secondStartMs: number; idleRssMiB: number }> = {}
let port = 4890
let pgliteRss = 0
for (const [name, command] of variants) {
  const dir = makeTempDir('pms-bench-bridge-start-')
  try {
    const first = await start(command, dir.path, port++)
    await stop(first.child)
    const second = await start(command, dir.path, port++)
    // A desk's first calls: sign-in, who am I, the room status chart.
    const desk = bridgeClient(second.base)
    await desk.signIn('clerk')
    await desk.call('GET', '/prod-api/system/user/getInfo')
    await desk.call('GET', '/prod-api/pms/pmsRoom/statusChart')
    await new Promise((r) => setTimeout(r, IDLE_MS))
    const idleRssMiB = rssMiB(second.child.pid!)
    await stop(second.child)
    results[name] = { firstStartMs: first.ms, secondStartMs: second.ms, idleRssMiB }
    if (!pgliteRss) {
      // PGlite alone: a node process that opens the same data folder and answers one query.
      const alone = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { PGlite } from '@electric-sql/pglite'; import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
           const db = await PGlite.create(${JSON.stringify(`${dir.path}/db`)}, { extensions: { btree_gist } });
           await db.query('SELECT count(*) FROM pms_room');
           const kb = Number(/VmRSS:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]);
           console.log(Math.round(kb / 1024)); await db.close()`,
        ],
        { cwd: `${root}/server`, encoding: 'utf8' },
      )
      pgliteRss = Number(alone.stdout.trim())
    }
  } finally {
    dir.remove()
  }
}

console.log('\nbridge-start: embedded database with demo data\n')
console.log(
  `${'variant'.padEnd(26)}${'first start ms'.padStart(16)}${'second start ms'.padStart(17)}${'idle RSS MiB'.padStart(14)}`,
)
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(26)}${String(r.firstStartMs).padStart(16)}${String(r.secondStartMs).padStart(17)}${String(r.idleRssMiB).padStart(14)}`,
  )
console.log(`${'PGlite alone (same data)'.padEnd(26)}${''.padStart(33)}${String(pgliteRss).padStart(14)}`)
console.log(
  JSON.stringify({ bench: 'bridge-start', idleMs: IDLE_MS, pgliteAloneRssMiB: pgliteRss, ...results }),
)
