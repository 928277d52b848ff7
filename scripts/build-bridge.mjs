// Precompiles the bridge (with the server and protocol sources it runs in-process) into bridge/dist/cli.mjs, so a
// start loads one JavaScript file instead of transpiling ~300 TypeScript modules through tsx. Skipped when the bundle
// is newer than every source. `npm start` runs it; tests and `npm run server` keep running the sources.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const outfile = join(root, 'bridge/dist/cli.mjs')
const sources = ['bridge/src', 'server/src', 'protocol/src', 'package-lock.json'].map((p) => join(root, p))

function newest(path) {
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let t = s.mtimeMs
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)))
  return t
}

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
    // Our workspaces are compiled in; every installed package (native modules included) is loaded as installed.
    plugins: [
      {
        name: 'installed-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@pms/') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
    // Bundled CommonJS helpers need a require of their own in an ES module.
    banner: {
      js: "import { createRequire as __pmsRequire } from 'node:module'; const require = __pmsRequire(import.meta.url);",
    },
  })
}
