// One side-menu entry: a link, an external link, or a group that opens in place — or, with the sidebar collapsed
// to its icons, beside it in a flyout, so every screen stays one click away.
import { Box, Flex, Portal, Text } from '@chakra-ui/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
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
  const [flyout, setFlyout] = useState<{ top: number; left: number } | null>(null)
  const button = useRef<HTMLElement>(null)
  const title = t(item.title)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a flyout closes once its link has been followed
  useEffect(() => setFlyout(null), [path, collapsed])
  // Escape closes an open flyout: listened for before the flyout is first drawn (a layout effect), so a key pressed the
  // moment it shows is never lost.
  useLayoutEffect(() => {
    if (!flyout) return
    const close = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFlyout(null)
    }
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [flyout])
  // A click elsewhere closes it too (the group's own button toggles it by itself): listened for from the next turn, so
  // the click that opened the flyout does not close it.
  useEffect(() => {
    if (!flyout) return
    const close = (e: MouseEvent) => {
      if (e.target instanceof Node && button.current?.contains(e.target)) return
      setFlyout(null)
    }
    const timer = setTimeout(() => window.addEventListener('click', close))
    return () => {
      clearTimeout(timer)
      window.removeEventListener('click', close)
    }
  }, [flyout])

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
        ref={button}
        aria-expanded={collapsed ? Boolean(flyout) : open}
        aria-haspopup={collapsed ? 'menu' : undefined}
        data-testid={`menu-group-${item.path}`}
        onClick={() => {
          if (!collapsed) return setOpen(!open)
          const rect = button.current!.getBoundingClientRect()
          setFlyout(flyout ? null : { top: rect.top, left: rect.right })
        }}
        _hover={{ bg: 'whiteAlpha.100' }}
        color={contains(item, path) ? 'colorPalette.200' : undefined}
      >
        <Label title={`${title}`} collapsed={collapsed} depth={depth} />
      </Box>
      {collapsed && flyout && (
        <Portal>
          <Box
            role="menu"
            data-testid={`menu-flyout-${item.path}`}
            position="fixed"
            top={`${flyout.top}px`}
            left={`${flyout.left}px`}
            minW="200px"
            maxH={`calc(100vh - ${flyout.top}px)`}
            overflowY="auto"
            bg="gray.900"
            color="gray.100"
            borderRadius="md"
            boxShadow="lg"
            zIndex="popover"
          >
            <Text
              px="4"
              py="2"
              fontSize="xs"
              color="gray.400"
              borderBottomWidth="1px"
              borderColor="whiteAlpha.200"
            >
              {title}
            </Text>
            {item.children.map((c) => (
              <SidebarEntry key={c.path} item={c} collapsed={false} depth={0} />
            ))}
          </Box>
        </Portal>
      )}
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
