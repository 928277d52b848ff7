// `npm run test:clock`: the suites that run in Node (every project but the browser's; the API and the devices' bridge
// on PGlite) once per hour of the hotel day that has broken a test before, with the process clock set there by
// libfaketime (Debian's `faketime` package). A desk's rules turn on the time of day: a stay booked from the day's
// check-out time is "due" after it and "early" before it, the calendar day moves at midnight in the property's zone
// while its business date waits for the night audit. A test that reads the real clock passes in the hours CI happened
// to run it and fails in the others (desk-round-trips did, from midnight in Asia/Shanghai until noon); this sweep finds
// such a test in minutes instead of on the day CI runs at the wrong hour.
//
// PostgreSQL is left out: its server keeps the real time, and a suite whose database and server disagree on the clock
// tests nothing real. Usage: `npm run test:clock [-- <instant>…]`, instants in UTC ('2026-12-07 01:30:00').
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** The demo properties' zone is Asia/Shanghai (UTC+8): each instant's hotel time is beside it. */
const INSTANTS = [
  ['2026-12-07 01:30:00', '09:30, a morning arrival before the check-out time'],
  ['2026-12-07 04:05:00', '12:05, just after the check-out time'],
  ['2026-12-07 15:57:00', '23:57, the run crosses midnight'],
  ['2026-12-07 20:00:00', '04:00, after midnight, before the night audit'],
]

const LIBRARIES = [
  process.env.FAKETIME_LIB,
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/faketime/libfaketimeMT.so.1',
].filter(Boolean)
const library = LIBRARIES.find((path) => existsSync(path))
if (!library) {
  console.error(
    'test:clock needs libfaketime: apt-get install faketime (or set FAKETIME_LIB to libfaketimeMT.so.1)',
  )
  process.exit(2)
}

const asked = process.argv.slice(2)
const runs = asked.length ? asked.map((at) => [at, '']) : INSTANTS
const NODE_PROJECTS = ['protocol', 'server', 'bridge', 'web', 'scripts', 'api', 'devices']
const projects = NODE_PROJECTS.flatMap((p) => ['--project', p])
const failed = []
for (const [at, why] of runs) {
  console.log(`\n── clock at ${at} UTC${why ? ` (${why})` : ''}`)
  const { PMS_TEST_DATABASE_URL: _leftOut, ...env } = process.env
  const result = spawnSync(process.execPath, ['scripts/test.mjs', ...projects], {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: 'inherit',
    env: {
      ...env,
      LD_PRELOAD: library,
      // Starts there and runs on; timers and timeouts keep the real monotonic clock.
      FAKETIME: `@${at}`,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
  })
  if (result.status !== 0) failed.push(at)
}
console.log(
  failed.length
    ? `test:clock: failed at ${failed.join(', ')} UTC`
    : `test:clock: passed at ${runs.length} hour${runs.length === 1 ? '' : 's'}`,
)
process.exit(failed.length ? 1 : 0)
