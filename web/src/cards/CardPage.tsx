// The card issuing screen (SPEC §2.8): Tm, Ht, BLE v3 issuing and the card record, as the server's tab list allows.
import { Center, Flex, Heading, Spinner, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import useSWR from 'swr'
import { useT } from '../i18n/t.ts'
import { useSession } from '../session/store.ts'
import { cardApi } from './api.ts'
import { IssuePanel } from './IssuePanel.tsx'
import { RecordTab } from './RecordTab.tsx'
import { cardTabs } from './tabs.ts'

export default function CardPage() {
  const t = useT()
  const { propertyId } = useSession()
  const { data: tabs, isLoading } = useSWR(['card-tabs', propertyId], async () =>
    cardTabs((await cardApi.tabs()).data ?? []),
  )
  const [chosen, setChosen] = useState<string | null>(null)
  const value = tabs?.some((tab) => tab.name === chosen) ? chosen! : (tabs?.[0]?.name ?? '')
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="card-page">
      <Heading size="md">{t('cardConsole.title')}</Heading>
      {isLoading && (
        <Center py="10">
          <Spinner />
        </Center>
      )}
      {tabs && tabs.length === 0 && (
        <Text color="fg.muted" data-testid="card-no-tabs">
          {t('cardConsole.noTabs')}
        </Text>
      )}
      {tabs && tabs.length > 0 && (
        <Tabs.Root value={value} onValueChange={(e) => setChosen(e.value)} lazyMount unmountOnExit>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.name} value={tab.name} data-testid={`card-tab-${tab.name}`}>
                {t(tab.label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.name} value={tab.name}>
              {tab.panel.kind === 'issue' ? <IssuePanel protocols={tab.panel.protocols} /> : <RecordTab />}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Flex>
  )
}
