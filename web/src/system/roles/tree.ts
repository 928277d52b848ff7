// Check states of the role editor's menu tree and the ids a role is saved with.
import type { MenuTreeNode } from '@pms/protocol/api/system'

export function descendants(node: MenuTreeNode): number[] {
  return (node.children ?? []).flatMap((c) => [c.id, ...descendants(c)])
}

/** 'all' when the node is checked and so is everything below it; 'some' when only part is; 'none' otherwise. */
export function nodeState(node: MenuTreeNode, checked: ReadonlySet<number>): 'all' | 'some' | 'none' {
  const ids = [node.id, ...descendants(node)]
  const held = ids.filter((id) => checked.has(id)).length
  if (held === 0) return 'none'
  return held === ids.length ? 'all' : 'some'
}

/** The checked ids plus every ancestor of one (a screen's directory goes with it), in tree order. */
export function withAncestors(nodes: readonly MenuTreeNode[], checked: ReadonlySet<number>): number[] {
  const out: number[] = []
  const walk = (node: MenuTreeNode): boolean => {
    let any = checked.has(node.id)
    const at = out.length
    for (const c of node.children ?? []) if (walk(c)) any = true
    if (any) out.splice(at, 0, node.id)
    return any
  }
  for (const n of nodes) walk(n)
  return out
}
