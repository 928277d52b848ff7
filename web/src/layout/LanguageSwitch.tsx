// Language switch: options from the server (or the built-ins); the choice persists (SPEC §1).
import { IconButton, Menu, Portal } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { feedback } from '../api/feedback.ts'
import { changeLanguage, useLanguageOptions } from '../i18n/languages.ts'
import { t as translate, useT } from '../i18n/t.ts'
import { LineIcon } from '../ui/icons.tsx'
import { menuAction } from '../ui/menu.ts'

export function LanguageSwitch() {
  const t = useT()
  const { i18n } = useTranslation()
  const options = useLanguageOptions()
  return (
    // Items act on their own click, never on the menu's highlighted value (see room-status/StateMenu.tsx).
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('console.nav.language')}
          title={t('console.nav.language')}
          variant="ghost"
          size="sm"
          data-testid="language-switch"
        >
          <LineIcon name="globe" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {options.map((o) => (
              <Menu.Item
                key={o.code}
                value={o.code}
                disabled={o.code === i18n.language}
                data-testid={`language-${o.code}`}
                onClick={menuAction(async () => {
                  if (o.code === i18n.language) return
                  await changeLanguage(o.code)
                  feedback.toast('success', translate('console.nav.languageChanged'))
                })}
              >
                {o.name}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
