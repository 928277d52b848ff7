// The bell (type 2 only): unread badge capped at 99; hover shows the order-message carousel; click opens the event page.
import { Box, Float, HoverCard, IconButton, Portal } from '@chakra-ui/react'
import { useLocation } from 'wouter'
import { useT } from '../i18n/t.ts'
import { LineIcon } from '../ui/icons.tsx'
import { OrderMessages } from './OrderMessages.tsx'
import { useUnread } from './pushStore.ts'
import { badgeText, EVENT_TAB_KEY, POPOVER_WIDTH, PUSH_RECORD_TAB } from './recordTypes.ts'

export function Bell() {
  const t = useT()
  const [, navigate] = useLocation()
  const { totalUnRead } = useUnread()
  const badge = badgeText(totalUnRead)
  return (
    <HoverCard.Root openDelay={200} closeDelay={200} lazyMount unmountOnExit>
      <HoverCard.Trigger asChild>
        <Box position="relative" display="inline-flex">
          <IconButton
            aria-label={t('console.nav.notifications')}
            title={t('console.nav.unreadTotal', [totalUnRead])}
            variant="ghost"
            size="sm"
            data-testid="bell"
            onClick={() => {
              localStorage.setItem(EVENT_TAB_KEY, PUSH_RECORD_TAB)
              navigate('/pmsManagement/pmsEvent')
            }}
          >
            <LineIcon name="bell" />
          </IconButton>
          {badge && (
            <Float placement="top-end" offset="2">
              <Box
                data-testid="bell-badge"
                bg="red.500"
                color="white"
                fontSize="2xs"
                px="1"
                minW="16px"
                textAlign="center"
                borderRadius="full"
                pointerEvents="none"
              >
                {badge}
              </Box>
            </Float>
          )}
        </Box>
      </HoverCard.Trigger>
      <Portal>
        <HoverCard.Positioner>
          <HoverCard.Content w={`${POPOVER_WIDTH}px`} data-testid="bell-popover">
            <OrderMessages />
          </HoverCard.Content>
        </HoverCard.Positioner>
      </Portal>
    </HoverCard.Root>
  )
}
