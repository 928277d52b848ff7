// Type-checks the whole repository as one build: the root tsconfig.json references protocol, server, bridge, web and
// test, each with its own settings (the console has DOM types, the server does not). Incremental: declarations and
// build info go to node_modules/.cache/tsc, so a second run re-checks only what changed.
import { spawnSync } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(r.status ?? 1)
