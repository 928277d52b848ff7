// Builds the console (web/dist) when it is missing or older than its sources, so `npm start` always serves the current console.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
// PMS_WEB_DIST builds to (and checks) another folder, so parallel work can keep a private build.
const outDir = process.env.PMS_WEB_DIST ?? join(root, 'web/dist')
const built = join(outDir, 'index.html')

function newest(dir) {
  let t = 0
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    const s = statSync(p)
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs)
  }
  return t
}

const sources = [
  join(root, 'web/src'),
  join(root, 'web/build'),
  join(root, 'web/public'),
  join(root, 'protocol/src'),
  join(root, 'web/index.html'),
  join(root, 'web/vite.config.ts'),
]
const stale =
  !existsSync(built) ||
  sources.some(
    (s) =>
      existsSync(s) &&
      (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs,
  )

if (stale) {
  console.log(`Building the console (${outDir})…`)
  // A production build whoever asks: run from vitest (NODE_ENV=test) Vite would bundle React's development build,
  // three times the bytes and slower, and the console-load bench would measure that.
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
