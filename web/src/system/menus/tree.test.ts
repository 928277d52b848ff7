import { describe, expect, it } from 'vitest'
import { treeOrder } from './tree.ts'

const row = (menuId: number, parentId: number, orderNum: number) => ({
  menuId,
  parentId,
  orderNum,
  menuName: `m${menuId}`,
  menuType: 'C' as const,
})

describe('the menu list as a tree', () => {
  it('puts each menu after its parent, children by order', () => {
    const out = treeOrder([row(3, 1, 2), row(1, 0, 2), row(2, 1, 1), row(4, 0, 1), row(5, 2, 1)])
    expect(out.map((r) => [r.menuId, r.depth])).toEqual([
      [4, 0],
      [1, 0],
      [2, 1],
      [5, 2],
      [3, 1],
    ])
  })
  it('shows a match whose parent was filtered out at the top', () => {
    expect(treeOrder([row(5, 2, 1)]).map((r) => [r.menuId, r.depth])).toEqual([[5, 0]])
  })
})
