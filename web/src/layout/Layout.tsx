// The main layout (SPEC §2.3): sidebar, navbar, visited-page tabs, settings panel and the page.
import { Box } from '@chakra-ui/react'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useLiveChannel } from '../notifications/useLiveChannel.ts'
import { PropertyPicker } from '../properties/PropertyPicker.tsx'
import type { ResolvedRoute } from '../router/resolved.ts'
import { HOME_PATH } from '../router/table.ts'
import { pageTitle } from '../router/titles.ts'
import { useSession } from '../session/store.ts'
import { Navbar } from './Navbar.tsx'
import { SettingsPanel } from './SettingsPanel.tsx'
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, Sidebar } from './Sidebar.tsx'
import { updateSettings, useSettings } from './settingsStore.ts'
import { TagsView } from './TagsView.tsx'
import { tagsStore } from './tagsStore.ts'
import { useMobile } from './useMobile.ts'

export function Layout({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const settings = useSettings()
  const session = useSession()
  const mobile = useMobile()
  const [path] = useLocation()
  const search = useSearch()
  const [mobileOpen, setMobileOpen] = useState(false)
  useLiveChannel()

  const title = pageTitle(route.screen, route.title, session.flags)
  useEffect(() => {
    tagsStore.visit({ path: HOME_PATH, title: 'console.route.home', affix: true })
    if (route.screen !== 'redirect' && title)
      tagsStore.visit({ path: search ? `${path}?${search}` : path, title, affix: route.affix })
  }, [path, search, title, route.affix, route.screen])

  // biome-ignore lint/correctness/useExhaustiveDependencies: on mobile the sidebar closes whenever the route changes
  useEffect(() => setMobileOpen(false), [path])

  const open = mobile ? mobileOpen : settings.sidebarOpen
  const toggle = () =>
    mobile ? setMobileOpen(!mobileOpen) : updateSettings({ sidebarOpen: !settings.sidebarOpen })
  const offset = mobile ? 0 : open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH

  return (
    <Box colorPalette={settings.themeColor} minH="100vh" bg="bg.subtle" data-testid="layout">
      <Sidebar open={open} mobile={mobile} />
      {mobile && open && (
        <Box
          data-testid="sidebar-backdrop"
          position="fixed"
          inset="0"
          bg="blackAlpha.500"
          zIndex="overlay"
          onClick={() => setMobileOpen(false)}
        />
      )}
      <Box ml={`${offset}px`} transition="margin-left 0.2s">
        <Box
          position={settings.fixedHeader ? 'sticky' : 'static'}
          top="0"
          zIndex="sticky"
          bg="bg"
          data-testid="header"
        >
          <Navbar onToggle={toggle} sidebarOpen={open} route={route} title={title} />
          {settings.tagsView && <TagsView />}
        </Box>
        <Box as="main" p={{ base: '3', md: '5' }}>
          {children}
        </Box>
      </Box>
      <SettingsPanel />
      {session.info?.user.userType === 2 && <PropertyPicker />}
    </Box>
  )
}
