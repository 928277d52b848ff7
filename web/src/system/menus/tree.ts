// The flat menu list (GET /system/menu/list) laid out as the tree it is: each menu after its parent, with its depth.
export interface MenuRow {
  menuId: number
  parentId: number
  menuName: string
  orderNum: number
  menuType: 'M' | 'C' | 'F'
}

export function treeOrder<R extends MenuRow>(rows: readonly R[]): Array<R & { depth: number }> {
  const ids = new Set(rows.map((r) => r.menuId))
  const children = new Map<number, R[]>()
  for (const r of rows) {
    // A row whose parent was filtered out stands at the top.
    const parent = ids.has(r.parentId) ? r.parentId : 0
    children.set(parent, [...(children.get(parent) ?? []), r])
  }
  const out: Array<R & { depth: number }> = []
  const walk = (parentId: number, depth: number) => {
    const level = [...(children.get(parentId) ?? [])].sort(
      (a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId,
    )
    for (const r of level) {
      out.push({ ...r, depth })
      walk(r.menuId, depth + 1)
    }
  }
  walk(0, 0)
  return out
}
