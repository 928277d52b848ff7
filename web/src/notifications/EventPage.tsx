// The event page (SPEC §2.5): push records by kind, mark one or all read, refresh, pages of 10, live updates.
import { Flex, Heading, Tabs } from '@chakra-ui/react'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { RecordTable } from './RecordTable.tsx'
import { EVENT_TAB_KEY, EVENT_TABS, PUSH_RECORD_TAB } from './recordTypes.ts'

function initialTab(): string {
  const stored = localStorage.getItem(EVENT_TAB_KEY)
  return EVENT_TABS.some((t) => t.name === stored) ? stored! : PUSH_RECORD_TAB
}

export default function EventPage() {
  const t = useT()
  const [tab, setTab] = useState(initialTab)
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="event-page">
      <Heading size="md">{t('console.event.title')}</Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => {
          setTab(e.value)
          localStorage.setItem(EVENT_TAB_KEY, e.value)
        }}
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          {EVENT_TABS.map((et) => (
            <Tabs.Trigger key={et.name} value={et.name} data-testid={`event-tab-${et.name}`}>
              {t(et.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {EVENT_TABS.map((et) => (
          <Tabs.Content key={et.name} value={et.name}>
            <RecordTable recordType={et.recordType} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Flex>
  )
}
