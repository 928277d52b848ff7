// `npm test` after the checks: every project of vitest.config.ts, once, with the default reporter, then one plain
// closing line with the counts ("tests: N passed, N failed") read from vitest's JSON report.
// Usage: node scripts/test.mjs [vitest args…], e.g. `--project api` or a path fragment.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const reportDir = join(root, '.tmp')
const report = join(reportDir, 'vitest-report.json')
mkdirSync(reportDir, { recursive: true })
rmSync(report, { force: true })

const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
)

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  console.log(
    `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  )
}
process.exit(result.status ?? 1)
