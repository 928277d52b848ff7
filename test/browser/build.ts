// vitest global setup of the browser project: builds the console (web/dist) once, before the test files run in
// parallel and would race to build it.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function setup() {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('building the console (web/dist) failed')
}
