// The layout settings panel (SPEC §2.3): tags view, fixed header, sidebar logo, theme colour; all persisted.
import { Box, Button, CloseButton, Drawer, Flex, Portal, Stack, Switch, Text } from '@chakra-ui/react'
import { useT } from '../i18n/t.ts'
import { type LayoutSettings, THEME_COLORS } from './settings.ts'
import { resetSettings, updateSettings, useSettings } from './settingsStore.ts'
import { setOverlay, useOverlays } from './ui.ts'

type Flag = keyof Pick<LayoutSettings, 'tagsView' | 'fixedHeader' | 'sidebarLogo'>
const flags: { key: Flag; label: string }[] = [
  { key: 'tagsView', label: 'console.settings.tagsView' },
  { key: 'fixedHeader', label: 'console.settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'console.settings.sidebarLogo' },
]

export function SettingsPanel() {
  const t = useT()
  const settings = useSettings()
  const { settings: open } = useOverlays()
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOverlay('settings', e.open)} size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settings-panel">
            <Drawer.Header>
              <Drawer.Title>{t('console.settings.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <Box>
                  <Text mb="2" fontSize="sm">
                    {t('console.settings.themeColor')}
                  </Text>
                  <Flex gap="2" wrap="wrap">
                    {THEME_COLORS.map((c) => (
                      <Box
                        key={c}
                        as="button"
                        aria-label={c}
                        aria-pressed={settings.themeColor === c}
                        data-testid={`theme-${c}`}
                        w="24px"
                        h="24px"
                        borderRadius="sm"
                        bg={`${c}.500`}
                        outline={settings.themeColor === c ? '2px solid' : undefined}
                        outlineOffset="2px"
                        onClick={() => updateSettings({ themeColor: c })}
                      />
                    ))}
                  </Flex>
                </Box>
                {flags.map((f) => (
                  <Switch.Root
                    key={f.key}
                    checked={settings[f.key]}
                    onCheckedChange={(e) => updateSettings({ [f.key]: e.checked })}
                    data-testid={`setting-${f.key}`}
                    justifyContent="space-between"
                    display="flex"
                  >
                    <Switch.Label>{t(f.label)}</Switch.Label>
                    <Switch.HiddenInput />
                    <Switch.Control />
                  </Switch.Root>
                ))}
                <Button variant="outline" size="sm" onClick={resetSettings}>
                  {t('console.settings.reset')}
                </Button>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
