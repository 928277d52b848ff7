// The bridge's version, from its package.json.
import { readFileSync } from 'node:fs'

export const BRIDGE_VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version
