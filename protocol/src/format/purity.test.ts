import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'vitest'

const root = new URL('..', import.meta.url).pathname

/**
 * Import and export statements (one line, or the closing line of a multi-line list) and dynamic imports, anchored
 * to statements so that a string such as 'Valid from' is not taken for one.
 */
const IMPORT_STATEMENTS =
  /^\s*(?:import|export)\b[^'\n]*?from\s*'([^'\n]+)'|^\s*\}\s*from\s*'([^'\n]+)'|^\s*import\s*'([^'\n]+)'|\bimport\s*\(\s*'([^'\n]+)'/gm

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-fixtures.ts' ? [path] : []
  })
}

test('nothing the console bundles imports a node: module or a package', () => {
  const offenders: string[] = []
  for (const file of sources(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_STATEMENTS)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4]
      if (spec && !spec.startsWith('.')) offenders.push(`${file.slice(root.length)}: ${spec}`)
    }
  }
  assert.deepEqual(offenders, [])
})

test('the import scan sees statements, not words inside strings', () => {
  const sample =
    "import { a } from 'node:fs'\nexport * from './x.ts'\nconst t = ['Valid from', 'b']\n} from 'pkg'\nawait import('dyn')"
  const found = [...sample.matchAll(IMPORT_STATEMENTS)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4])
  assert.deepEqual(found, ['node:fs', './x.ts', 'pkg', 'dyn'])
})
