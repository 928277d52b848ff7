// Runs every test file of every package with Node's test runner (TypeScript through tsx).
// Usage: node scripts/test.mjs [path-fragment ...] to run only the files whose path contains a fragment.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const roots = ['protocol', 'server', 'bridge', 'web/src', 'test', 'scripts']
const skipDirs = new Set(['node_modules', 'dist', 'data', 'test-artifacts', '.tmp'])

function collect(dir, out) {
  let entries
  try {
    entries = readdirSync(dir)
  } catch {
    return out
  }
  for (const name of entries) {
    if (skipDirs.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) collect(path, out)
    else if (/\.test\.tsx?$/.test(name)) out.push(relative(root, path))
  }
  return out
}

const filters = process.argv.slice(2)
const files = roots
  .flatMap((r) => collect(join(root, r), []))
  .filter((f) => filters.length === 0 || filters.some((frag) => f.includes(frag)))
  .sort()

if (files.length === 0) {
  console.error('No test files matched.')
  process.exit(1)
}

// Browser tests serve web/dist: build it once here, before test files run in parallel and race to build it.
if (files.some((f) => f.startsWith('test/browser/'))) {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=2',
    '--test-timeout=120000',
    ...files,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
)
process.exit(result.status ?? 1)
