// Header search over the permitted routes (SPEC §2.3); picking a result navigates to it.
import { Box, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import { HOME_PATH } from '../router/table.ts'
import { useSession } from '../session/store.ts'
import { createSearch, type Reading, searchPool } from './search.ts'

export function HeaderSearch() {
  const t = useT()
  const [, navigate] = useLocation()
  const { menu } = useSession()
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  // The search by sound needs a large dictionary: it loads when the search box is first used.
  const [sound, setSound] = useState<{ read: Reading; chinese: (text: string) => boolean }>()
  const loadSound = () => {
    if (!sound)
      void import('./reading.ts')
        .then((m) => setSound({ read: m.reading, chinese: m.hasChinese }))
        .catch(() => {})
  }
  const search = useMemo(() => {
    const home = { title: t('console.route.home'), path: HOME_PATH }
    return createSearch([home, ...searchPool(menu, (title) => t(title))], sound?.read, sound?.chinese)
  }, [menu, t, sound])
  const results = search(query).slice(0, 10)

  const go = (path: string) => {
    setQuery('')
    setOpen(false)
    if (/^https?:/.test(path)) window.open(path, '_blank')
    else navigate(path)
  }

  return (
    <Popover.Root
      open={open && query.trim().length > 0}
      onOpenChange={(e) => setOpen(e.open)}
      autoFocus={false}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Anchor>
        <Input
          size="sm"
          w={{ base: '120px', md: '200px' }}
          placeholder={t('console.nav.search')}
          aria-label={t('console.nav.search')}
          data-testid="header-search"
          value={query}
          onFocus={loadSound}
          onChange={(e) => {
            loadSound()
            setQuery(e.target.value)
            setOpen(true)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results[0]) go(results[0].path)
            if (e.key === 'Escape') setOpen(false)
          }}
        />
      </Popover.Anchor>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="280px" data-testid="header-search-results">
            <Popover.Body p="1">
              <Stack gap="0">
                {results.length === 0 && (
                  <Text p="2" color="fg.muted" fontSize="sm">
                    {t('console.nav.searchEmpty')}
                  </Text>
                )}
                {results.map((r) => (
                  <Box
                    key={r.path}
                    as="button"
                    textAlign="start"
                    p="2"
                    fontSize="sm"
                    borderRadius="sm"
                    _hover={{ bg: 'bg.muted' }}
                    onClick={() => go(r.path)}
                  >
                    {r.title}
                  </Box>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
