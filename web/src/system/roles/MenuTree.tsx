// The menu/permission tree of the role editor: directories, screens and their buttons with checkboxes. Checking a
// node checks everything below it; a parent shows as partly checked when only some of its children are.
import { Box, Checkbox, Flex } from '@chakra-ui/react'
import type { MenuTreeNode } from '@pms/protocol/api/system'
import { useT } from '../../i18n/t.ts'
import { descendants, nodeState } from './tree.ts'

interface Props {
  nodes: readonly MenuTreeNode[]
  checked: ReadonlySet<number>
  onChange: (next: Set<number>) => void
  disabled?: boolean
}

const ACTIONS = ['list', 'query', 'add', 'edit', 'remove', 'resetPwd', 'export', 'import']

/** A button is seeded under its permission string ('system:user:add'): shown as its action, with the string beside. */
function buttonLabel(label: string, t: (key: string) => string): string | undefined {
  if (!/^[\w*]+:[\w*]+:[\w*]+$/.test(label)) return undefined
  const action = label.split(':')[2]!
  return ACTIONS.includes(action) ? `${t(`adminConsole.action.${action}`)} (${label})` : label
}

export function MenuTree({ nodes, checked, onChange, disabled }: Props) {
  return (
    <Box borderWidth="1px" rounded="md" p="2" maxH="360px" overflowY="auto" data-testid="menu-tree">
      {nodes.map((n) => (
        <TreeNode key={n.id} node={n} checked={checked} onChange={onChange} disabled={disabled} depth={0} />
      ))}
    </Box>
  )
}

function TreeNode({
  node,
  checked,
  onChange,
  disabled,
  depth,
}: {
  node: MenuTreeNode
  checked: ReadonlySet<number>
  onChange: (next: Set<number>) => void
  disabled?: boolean
  depth: number
}) {
  const t = useT()
  const state = nodeState(node, checked)
  return (
    <>
      <Flex pl={`${depth * 18}px`} py="0.5">
        <Checkbox.Root
          size="sm"
          disabled={disabled}
          checked={state === 'some' ? 'indeterminate' : state === 'all'}
          onCheckedChange={(e) => {
            const next = new Set(checked)
            for (const id of [node.id, ...descendants(node)])
              if (e.checked === true) next.add(id)
              else next.delete(id)
            onChange(next)
          }}
          data-testid="menu-tree-node"
          data-id={node.id}
          data-label={node.label}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm">{buttonLabel(node.label, t) ?? t(node.label)}</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      {node.children?.map((c) => (
        <TreeNode
          key={c.id}
          node={c}
          checked={checked}
          onChange={onChange}
          disabled={disabled}
          depth={depth + 1}
        />
      ))}
    </>
  )
}
