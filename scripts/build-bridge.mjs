// Precompiles the bridge (with the server and protocol sources it runs in-process) into bridge/dist/cli.mjs, so a
// start loads one JavaScript file instead of transpiling ~300 TypeScript modules through tsx. Skipped when the bundle
// is newer than every source. `npm start` runs it; tests and `npm run server` keep running the sources.
// `--packages-external` writes bridge/dist/cli-packages-external.mjs instead, with every installed package loaded as
// installed (how the bundle was made before): the bridge-start benchmark's baseline.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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
  // pg is compiled in: loaded as installed, its ES module import would be hoisted to the bundle's top (esbuild cannot
  // load an external package lazily from compiled-in code such as Drizzle's driver), so every desk would load it.
  'pg-native',
  'pg-cloudflare',
  'pino',
  'thread-stream',
  'bufferutil',
  'utf-8-validate',
]

/**
 * The router (find-my-way) compiles a small function with `new Function` for every static node of its route tree and
 * for every route with parameters: ≈ 1,500 compilations, a tenth of a second start's CPU. In the bundle only, the
 * same checks are closures, which cost nothing to create. Each replaced text must be found exactly once: a router
 * upgrade that changes it fails this build instead of being silently left out (then check the new text and adapt).
 */
const ROUTER_PATCHES = {
  'find-my-way/lib/node.js': [
    [
      / {2}const lines = \[\]\n {2}for \(let i = 1; i < prefix\.length; i\+\+\) \{\n[\s\S]*?\n {2}return new Function\('path', 'i', [^\n]*\n/,
      `  return function matchShortPrefix (path, i) {
    for (let j = 1; j < prefix.length; j++) if (path.charCodeAt(i + j) !== prefix.charCodeAt(j)) return false
    return true
  }
`,
    ],
  ],
  'find-my-way/lib/handler-storage.js': [
    [
      / {2}_compileCreateParamsObject \(params\) \{\n[\s\S]*?\n {4}return new Function\('NullObject', [^\n]*\n {2}\}\n/,
      `  _compileCreateParamsObject (params) {
    return function _createParamsObject (param0, param1, param2, param3, extraParams) {
      const created = new NullObject()
      for (let i = 0; i < params.length; i++) {
        created[params[i]] = i === 0 ? param0 : i === 1 ? param1 : i === 2 ? param2 : i === 3 ? param3 : extraParams[i - 4]
      }
      return created
    }
  }
`,
    ],
  ],
}

const routerWithoutCompiledFunctions = {
  name: 'router-without-compiled-functions',
  setup(b) {
    b.onLoad({ filter: /[\\/]find-my-way[\\/]lib[\\/](node|handler-storage)\.js$/ }, (args) => {
      const file = args.path.replace(/\\/g, '/')
      const [name, patches] = Object.entries(ROUTER_PATCHES).find(([n]) => file.endsWith(`/${n}`))
      let text = readFileSync(args.path, 'utf8')
      for (const [pattern, replacement] of patches) {
        const found = text.match(new RegExp(pattern.source, 'g'))?.length ?? 0
        if (found !== 1)
          throw new Error(`${name}: the text to replace was found ${found} times (find-my-way changed?)`)
        text = text.replace(pattern, () => replacement)
      }
      return { contents: text, loader: 'js' }
    })
  },
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
    // Our workspaces and the plain JavaScript packages are compiled in: one file to read and parse instead of ~900
    // modules to resolve, read and compile (a second start spent about half its time there). Loaded as installed:
    // native modules, packages that read files beside their code (PGlite's WebAssembly, the captcha's font), the
    // ones a desk loads only when used, and optional peers their packages try to require.
    plugins: [
      routerWithoutCompiledFunctions,
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
