// The side menu (SPEC §2.3): 200 px, permitted routes only, single-child groups collapsed into their child.
import { Box, Flex, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { useT } from '../i18n/t.ts'
import { sidebarItems } from '../router/menu.ts'
import { HOME_PATH } from '../router/table.ts'
import { useSession } from '../session/store.ts'
import { SidebarEntry } from './SidebarEntry.tsx'
import { useSettings } from './settingsStore.ts'

export const SIDEBAR_WIDTH = 200
export const SIDEBAR_COLLAPSED_WIDTH = 64

export function Sidebar({ open, mobile }: { open: boolean; mobile: boolean }) {
  const t = useT()
  const { menu } = useSession()
  const { sidebarLogo } = useSettings()
  const items = useMemo(
    () => [{ path: HOME_PATH, title: 'console.route.home', children: [] }, ...sidebarItems(menu)],
    [menu],
  )
  const width = mobile || open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH
  return (
    <Box
      as="nav"
      data-testid="sidebar"
      data-open={open}
      position="fixed"
      top="0"
      bottom="0"
      left="0"
      w={`${width}px`}
      transform={mobile && !open ? 'translateX(-100%)' : undefined}
      transition="width 0.2s, transform 0.2s"
      bg="gray.900"
      color="gray.100"
      overflowY="auto"
      overflowX="hidden"
      zIndex={mobile ? 'modal' : 'docked'}
    >
      {sidebarLogo && (
        <Flex h="50px" align="center" justify="center" px="3" data-testid="sidebar-logo" bg="gray.950">
          {/* Two short lines rather than a cut-off one: 'Hotel Management System' is wider than the bar. */}
          <Text
            fontWeight="bold"
            fontSize={open || mobile ? 'sm' : 'md'}
            lineHeight="1.2"
            textAlign="center"
            lineClamp={2}
            color="colorPalette.300"
            title={t('console.app.title')}
            data-testid="sidebar-title"
          >
            {open || mobile ? t('console.app.title') : t('console.app.title').slice(0, 1)}
          </Text>
        </Flex>
      )}
      {items.map((item) => (
        <SidebarEntry key={item.path} item={item} collapsed={!open && !mobile} depth={0} />
      ))}
    </Box>
  )
}
