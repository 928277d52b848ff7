// One side-menu entry: a link, an external link, or a group that opens in place.
import { Box, Flex, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import type { SidebarItem } from '../router/menu.ts'

function contains(item: SidebarItem, path: string): boolean {
  return item.path === path || item.children.some((c) => contains(c, path))
}

function Label({ title, collapsed, depth }: { title: string; collapsed: boolean; depth: number }) {
  return (
    <Flex
      align="center"
      gap="2"
      h="48px"
      pl={collapsed ? 0 : `${16 + depth * 14}px`}
      pr="3"
      justify={collapsed ? 'center' : 'start'}
    >
      <Box
        flexShrink={0}
        w="22px"
        h="22px"
        borderRadius="full"
        bg="whiteAlpha.200"
        fontSize="xs"
        textAlign="center"
        lineHeight="22px"
      >
        {title.slice(0, 1)}
      </Box>
      {!collapsed && <Text truncate>{title}</Text>}
    </Flex>
  )
}

export function SidebarEntry({
  item,
  collapsed,
  depth,
}: {
  item: SidebarItem
  collapsed: boolean
  depth: number
}) {
  const t = useT()
  const [path] = useLocation()
  const [open, setOpen] = useState(() => contains(item, path))
  const title = t(item.title)
  if (item.link)
    return (
      <a href={item.link} target="_blank" rel="noreferrer" title={title}>
        <Label title={title} collapsed={collapsed} depth={depth} />
      </a>
    )
  if (item.children.length === 0) {
    const active = path === item.path
    return (
      <Link href={item.path} title={title} data-testid={`menu-${item.path}`}>
        <Box
          bg={active ? 'colorPalette.600' : undefined}
          _hover={{ bg: active ? undefined : 'whiteAlpha.100' }}
        >
          <Label title={title} collapsed={collapsed} depth={depth} />
        </Box>
      </Link>
    )
  }
  return (
    <Box>
      <Box
        as="button"
        w="full"
        textAlign="start"
        title={title}
        aria-expanded={open}
        data-testid={`menu-group-${item.path}`}
        onClick={() => setOpen(!open)}
        _hover={{ bg: 'whiteAlpha.100' }}
        color={contains(item, path) ? 'colorPalette.200' : undefined}
      >
        <Label title={`${title}`} collapsed={collapsed} depth={depth} />
      </Box>
      {open && !collapsed && (
        <Box bg="blackAlpha.400">
          {item.children.map((c) => (
            <SidebarEntry key={c.path} item={c} collapsed={collapsed} depth={depth + 1} />
          ))}
        </Box>
      )}
    </Box>
  )
}
