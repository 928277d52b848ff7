// Every Chakra component the console imports finds its recipe in the console's trimmed system.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { recipes, slotRecipes } from '@chakra-ui/react/theme'
import { test } from 'vitest'
import { themeConfig } from './system.ts'

const src = new URL('..', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : []
  })
}

function chakraImports(): Set<string> {
  const names = new Set<string>()
  for (const file of sources(src))
    for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const part of m[1]!.split(','))
        names.add(
          part
            .trim()
            .replace(/^type\s+/, '')
            .replace(/\s+as\s+.*/, ''),
        )
  return names
}

test('each imported Chakra component has its recipe in the system', () => {
  const ours = { ...themeConfig.theme?.recipes, ...themeConfig.theme?.slotRecipes }
  const all: Record<string, unknown> = { ...recipes, ...slotRecipes }
  const used = [...chakraImports()]
  assert.ok(used.includes('Button'), 'the scan finds the console imports')
  const missing = used
    .map((name) => name.charAt(0).toLowerCase() + name.slice(1))
    .filter((key) => key in all && !(key in ours))
  assert.deepEqual(missing, [])
})
