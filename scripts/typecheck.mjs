// Type-checks each workspace with its own tsconfig (the console has DOM types, the server does not).
import { spawnSync } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const projects = ['protocol', 'server', 'bridge', 'web', 'test']
let failed = false
for (const project of projects) {
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) {
    console.error(`typecheck failed in ${project}`)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
