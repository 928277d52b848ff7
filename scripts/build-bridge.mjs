// Precompiles the bridge (with the server and protocol sources it runs in-process) into bridge/dist/cli.mjs, so a
// start loads one JavaScript file instead of transpiling ~300 TypeScript modules through tsx. Skipped when the bundle
// is newer than every source. `npm start` runs it; tests and `npm run server` keep running the sources.
// `--packages-external` writes bridge/dist/cli-packages-external.mjs instead, with every installed package loaded as
// installed (how the bundle was made before): the bridge-start benchmark's baseline.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const packagesExternal = process.argv.includes('--packages-external')
const outfile = join(root, packagesExternal ? 'bridge/dist/cli-packages-external.mjs' : 'bridge/dist/cli.mjs')
const sources = [
  'bridge/src',
  'server/src',
  'protocol/src',
  'package-lock.json',
  'scripts/build-bridge.mjs',
].map((p) => join(root, p))

function newest(path) {
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let t = s.mtimeMs
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)))
  return t
}

/** Package names (or scopes, ending in '/') kept out of the bundle. */
const LOADED_AS_INSTALLED = [
  '@electric-sql/',
  '@node-rs/',
  '@serialport/',
  'serialport',
  'node-hid',
  '@abandonware/',
  'usb',
  'svg-captcha',
  'exceljs',
  'mqtt',
  '@fastify/http-proxy',
  'pg',
  'pg-native',
  'pino',
  'thread-stream',
  'bufferutil',
  'utf-8-validate',
]

const fresh =
  existsSync(outfile) && sources.every((s) => !existsSync(s) || newest(s) <= statSync(outfile).mtimeMs)
if (!fresh || process.argv.includes('--force')) {
  await build({
    entryPoints: [join(root, 'bridge/src/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Our workspaces and the plain JavaScript packages are compiled in: one file to read and parse instead of ~900
    // modules to resolve, read and compile (a second start spent about half its time there). Loaded as installed:
    // native modules, packages that read files beside their code (PGlite's WebAssembly, the captcha's font), the
    // ones a desk loads only when used, and optional peers their packages try to require.
    plugins: [
      {
        name: 'installed-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@pms/')) return undefined
            if (args.path.startsWith('node:')) return { path: args.path, external: true }
            const name = args.path.startsWith('@')
              ? args.path.split('/').slice(0, 2).join('/')
              : args.path.split('/')[0]
            return packagesExternal ||
              LOADED_AS_INSTALLED.some((p) => (p.endsWith('/') ? name.startsWith(p) : name === p))
              ? { path: args.path, external: true }
              : undefined
          })
        },
      },
    ],
    // Bundled CommonJS helpers need a require of their own in an ES module.
    banner: {
      js: "import { createRequire as __pmsRequire } from 'node:module'; const require = __pmsRequire(import.meta.url);",
    },
  })
}
