// `npm run bench -- <name>`: runs scripts/bench/<name>.ts, which prints a table and a last line of JSON.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('.', import.meta.url))
const available = readdirSync(folder)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort()
const name = process.argv[2]
if (!name || !available.includes(name)) {
  console.error(name ? `No benchmark named "${name}".` : 'Name a benchmark.')
  console.error(`Available: ${available.length ? available.join(', ') : '(none yet)'}`)
  console.error('Usage: npm run bench -- <name>')
  process.exit(2)
}
await import(`./${name}.ts`)
