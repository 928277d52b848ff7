// The avatar menu: personal center, layout settings, logout with confirmation (SPEC §2.3).
import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react'
import { useLocation } from 'wouter'
import { authApi } from '../api/auth.ts'
import { t as translate, useT } from '../i18n/t.ts'
import { HOME_PATH } from '../router/table.ts'
import { localLogout, useSession } from '../session/store.ts'
import { confirmAction } from '../ui/confirm.ts'
import { menuAction } from '../ui/menu.ts'
import { tagsStore } from './tagsStore.ts'
import { setOverlay } from './ui.ts'

export async function logoutWithConfirm(): Promise<void> {
  if (!(await confirmAction(translate('console.nav.logoutConfirm')))) return
  await authApi.logout().catch(() => undefined)
  localLogout()
  tagsStore.clear()
  location.href = HOME_PATH
}

export function AvatarMenu() {
  const t = useT()
  const [, navigate] = useLocation()
  const { info } = useSession()
  const user = info?.user
  return (
    // Items act on their own click once the menu has closed (ui/menu.ts).
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" data-testid="avatar-menu">
          <Avatar.Root size="xs">
            <Avatar.Fallback name={user?.nickName || user?.userName} />
            {user?.avatar && <Avatar.Image src={user.avatar} />}
          </Avatar.Root>
          <Text display={{ base: 'none', md: 'block' }} maxW="100px" truncate>
            {user?.nickName || user?.userName}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item
              value="profile"
              data-testid="menu-profile"
              onClick={menuAction(() => navigate('/user/profile'))}
            >
              {t('console.nav.profile')}
            </Menu.Item>
            <Menu.Item
              value="settings"
              data-testid="menu-settings"
              onClick={menuAction(() => setOverlay('settings', true))}
            >
              {t('console.nav.layoutSettings')}
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="menu-logout" onClick={menuAction(logoutWithConfirm)}>
              {t('console.nav.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
