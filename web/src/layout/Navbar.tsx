// The navbar (SPEC §2.3): hamburger, property selector, breadcrumbs and the right-hand tools.
import { Flex, IconButton, Spacer } from '@chakra-ui/react'
import { hasRole } from '@pms/protocol'
import { useT } from '../i18n/t.ts'
import { Bell } from '../notifications/Bell.tsx'
import { PropertySelector } from '../properties/PropertySelector.tsx'
import type { ResolvedRoute } from '../router/resolved.ts'
import { useSession } from '../session/store.ts'
import { LineIcon } from '../ui/icons.tsx'
import { AvatarMenu } from './AvatarMenu.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { FullscreenButton } from './FullscreenButton.tsx'
import { HeaderSearch } from './HeaderSearch.tsx'
import { LanguageSwitch } from './LanguageSwitch.tsx'
import { SizeSelect } from './SizeSelect.tsx'
import { useMobile } from './useMobile.ts'

interface Props {
  onToggle: () => void
  sidebarOpen: boolean
  route: ResolvedRoute
  title: string
}

export function Navbar({ onToggle, sidebarOpen, route, title }: Props) {
  const t = useT()
  const { info } = useSession()
  const mobile = useMobile()
  const registered = info?.user.userType === 2
  const admin = info ? hasRole(info, ['admin']) : false
  return (
    <Flex h="50px" align="center" px="2" gap="1" borderBottomWidth="1px" data-testid="navbar">
      <IconButton
        aria-label={t('console.nav.toggleSidebar')}
        aria-expanded={sidebarOpen}
        data-testid="hamburger"
        variant="ghost"
        size="sm"
        onClick={onToggle}
      >
        <LineIcon name="menu" />
      </IconButton>
      {registered && <PropertySelector />}
      {!mobile && <Breadcrumbs route={route} title={title} />}
      <Spacer />
      <HeaderSearch />
      {!mobile && <FullscreenButton />}
      {admin && <SizeSelect />}
      <LanguageSwitch />
      {registered && <Bell />}
      <AvatarMenu />
    </Flex>
  )
}
