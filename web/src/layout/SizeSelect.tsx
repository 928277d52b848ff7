// Layout size for role admin (SPEC §2.3): default, medium, small, mini; scales every component.
import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { LineIcon } from '../ui/icons.tsx'
import { SIZES, type Size } from './settings.ts'
import { updateSettings, useSettings } from './settingsStore.ts'

const labels: Record<Size, string> = {
  default: 'console.nav.sizeDefault',
  medium: 'console.nav.sizeMedium',
  small: 'console.nav.sizeSmall',
  mini: 'console.nav.sizeMini',
}

export function SizeSelect() {
  const t = useT()
  const { size } = useSettings()
  return (
    // Items act on their own click, never on the menu's highlighted value (see room-status/StateMenu.tsx).
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('console.nav.size')}
          title={t('console.nav.size')}
          variant="ghost"
          size="sm"
          data-testid="size-select"
        >
          <LineIcon name="size" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {SIZES.map((s) => (
              <Menu.Item
                key={s}
                value={s}
                disabled={s === size}
                data-testid={`size-${s}`}
                onClick={() => {
                  if (s === size) return
                  updateSettings({ size: s })
                  feedback.toast('success', t('console.nav.sizeChanged'))
                }}
              >
                {t(labels[s])}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
