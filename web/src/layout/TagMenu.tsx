// The right-click menu of a visited-page tab.
import { Box, Stack } from '@chakra-ui/react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import { HOME_PATH } from '../router/table.ts'
import type { Tag } from './tags.ts'
import { tagsStore } from './tagsStore.ts'

export const TAG_MENU_WIDTH = 105

interface Props {
  tag: Tag
  x: number
  y: number
  active: string
  onDone: () => void
}

export function TagMenu({ tag, x, y, active, onDone }: Props) {
  const t = useT()
  const [, navigate] = useLocation()
  const run = (action: () => string | undefined) => () => {
    const to = action()
    onDone()
    if (to) navigate(to)
  }
  const items: { key: string; label: string; action: () => string | undefined; hidden?: boolean }[] = [
    // Refresh goes through /redirect so the screen mounts afresh.
    { key: 'refresh', label: 'console.tags.refresh', action: () => `/redirect${tag.path}` },
    {
      key: 'close',
      label: 'console.tags.close',
      action: () => tagsStore.close(tag.path, active, HOME_PATH),
      hidden: tag.affix,
    },
    {
      key: 'closeOthers',
      label: 'console.tags.closeOthers',
      action: () => tagsStore.closeOthers(tag.path, active),
    },
    { key: 'closeAll', label: 'console.tags.closeAll', action: () => tagsStore.closeAll(active, HOME_PATH) },
  ]
  return (
    <Stack
      role="menu"
      data-testid="tag-menu"
      position="fixed"
      left={`${x}px`}
      top={`${y}px`}
      w={`${TAG_MENU_WIDTH}px`}
      gap="0"
      py="1"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="md"
      zIndex="popover"
      fontSize="xs"
      onClick={(e) => e.stopPropagation()}
    >
      {items
        .filter((i) => !i.hidden)
        .map((i) => (
          <Box
            key={i.key}
            as="button"
            role="menuitem"
            data-testid={`tag-menu-${i.key}`}
            textAlign="start"
            px="3"
            py="1.5"
            _hover={{ bg: 'bg.muted' }}
            onClick={run(i.action)}
          >
            {t(i.label)}
          </Box>
        ))}
    </Stack>
  )
}
