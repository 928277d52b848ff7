import type { MenuTreeNode } from '@pms/protocol/api/system'
import { describe, expect, it } from 'vitest'
import { descendants, nodeState, withAncestors } from './tree.ts'

const tree: MenuTreeNode[] = [
  {
    id: 1,
    label: 'system',
    children: [
      {
        id: 2,
        label: 'user',
        children: [
          { id: 3, label: 'add' },
          { id: 4, label: 'edit' },
        ],
      },
      { id: 5, label: 'role' },
    ],
  },
  { id: 6, label: 'cards' },
]

describe('the role menu tree', () => {
  it('lists what lies below a node', () => {
    expect(descendants(tree[0]!)).toEqual([2, 3, 4, 5])
  })
  it('reads a node as all, some or none checked', () => {
    expect(nodeState(tree[0]!, new Set([1, 2, 3, 4, 5]))).toBe('all')
    expect(nodeState(tree[0]!, new Set([3]))).toBe('some')
    expect(nodeState(tree[1]!, new Set([3]))).toBe('none')
  })
  it('saves a checked button with its screen and directory', () => {
    expect(withAncestors(tree, new Set([3]))).toEqual([1, 2, 3])
    expect(withAncestors(tree, new Set([6, 4]))).toEqual([1, 2, 4, 6])
    expect(withAncestors(tree, new Set())).toEqual([])
  })
})
