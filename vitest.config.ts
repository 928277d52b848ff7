// One vitest workspace for the repository: a project per package, the API suites once per database
// (PGlite always; PostgreSQL as its own project when PMS_TEST_DATABASE_URL names a server), the browser
// and device end-to-end suites apart. `npx vitest` watches; `npx vitest run --project api` runs one project;
// `npm run coverage` writes a v8 coverage report to coverage/.
import { defineConfig } from 'vitest/config'
import LongestFirst from './test/support/sequencer.ts'

/** Migrates and seeds one database per engine per run, shared by the projects; each product starts from a copy. */
const TEMPLATES = 'test/support/global-templates.ts'
/**
 * A whole desk day in a browser or through the bridge takes 20–40 s on an idle machine and several times that on a
 * busy one; the limit only stops a hang, it measures nothing (speed is the benches' business).
 */
const WHOLE_JOURNEYS = { testTimeout: 300_000, hookTimeout: 300_000 }
const postgres = Boolean(process.env.PMS_TEST_DATABASE_URL)
const unit = (name: string, root: string, isolate = true) => ({
  extends: true as const,
  test: { name, include: [`${root}/**/*.test.{ts,tsx}`], isolate },
})

export default defineConfig({
  test: {
    testTimeout: 120_000,
    // A hook starts a whole product from the seeded template: seconds when idle, minutes on a machine loaded many-fold.
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    // Two files at a time, as the suites ran before (vitest's default on two cores is one): the API and browser
    // files spend much of their time waiting on PostgreSQL and Chromium.
    maxWorkers: 2,
    // The longest files first (the browser project's), so both workers end together: test/support/sequencer.ts.
    sequence: { sequencer: LongestFirst },
    env: { NODE_ENV: 'test' },
    exclude: ['**/node_modules/**', '**/dist/**', '**/data/**', 'test-artifacts/**'],
    coverage: {
      provider: 'v8',
      // Source files only: the packages' READMEs and SQL sit beside the code and are not JavaScript.
      include: ['{protocol,server,bridge,web}/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}'],
      reporter: ['text-summary', 'html', 'json-summary'],
    },
    projects: [
      // Pure functions, no module state: their files share a worker's loaded modules instead of each starting a
      // process of its own (most of these projects' time was the per-file start).
      unit('protocol', 'protocol', false),
      unit('server', 'server'),
      unit('bridge', 'bridge'),
      unit('web', 'web/src', false),
      unit('scripts', 'scripts'),
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          // Each file starts its own product on its own database copy; the modules they load hold only static tables
          // and registrations (audited: no module-level state of a product, no vi.mock, no stubbed env), so the files
          // of a worker share them instead of importing the server afresh per file (half the project's CPU).
          isolate: false,
          env: { PMS_TEST_DATABASES: 'pglite' },
          globalSetup: [TEMPLATES],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['test/api/**/*.test.ts'],
                isolate: false,
                // The generated code's type check is about TypeScript, not the database: once, on PGlite (its API
                // suite, tool-gen.test.ts, runs on both).
                exclude: ['test/api/tool-gen-compile.test.ts'],
                env: { PMS_TEST_DATABASES: 'postgres' },
                globalSetup: [TEMPLATES],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'devices',
          include: ['test/devices/**/*.test.ts'],
          globalSetup: [TEMPLATES],
          ...WHOLE_JOURNEYS,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          // Each file starts its own product and its own Chromium (helpers.ts); the modules they share are the api
          // project's (audited there) plus playwright-core and the test helpers, which hold no state between files (no
          // vi.mock, no stubbed env or timers). Shared, a file no longer pays a process and the imports of its own
          // (browser phase of a full run: ≈ 13 % less wall time, 20 % less CPU, measured on six files in one worker).
          isolate: false,
          // The console's build beside the template's seed (it calls TEMPLATES' setup itself).
          globalSetup: ['test/browser/build.ts'],
          ...WHOLE_JOURNEYS,
        },
      },
    ],
  },
})
