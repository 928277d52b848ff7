// Simulate mode only: the simulator's tray of virtual cards — a new blank test card, place one on the encoder, remove it.
import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { SimCardView } from '@pms/protocol/api/bridge-devices'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useT } from '../i18n/t.ts'

export function SimTray({ changed }: { changed: number }) {
  const t = useT()
  const [cards, setCards] = useState<SimCardView[]>([])
  const load = useCallback(async () => {
    try {
      setCards((await bridgeApi.simCards()).cards)
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    }
  }, [t])
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the encoder reports a card change
  useEffect(() => {
    void load()
  }, [load, changed])

  const act = async (call: () => Promise<unknown>) => {
    try {
      await call()
      await load()
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    }
  }
  return (
    <Stack gap="2" data-testid="test-sim-tray">
      <Flex gap="2" align="center">
        <Heading size="sm">{t('cardConsole.test.tray')}</Heading>
        <Button size="xs" onClick={() => void act(bridgeApi.simNewCard)} data-testid="test-new-card">
          {t('cardConsole.test.newCard')}
        </Button>
      </Flex>
      {cards.map((c) => (
        <Flex key={c.uid} gap="2" align="center" data-testid="test-sim-card" data-uid={c.uid}>
          <Text fontFamily="mono" fontSize="sm">
            {c.uid}
          </Text>
          {c.onEncoder ? (
            <>
              <Badge colorPalette="green">{t('cardConsole.test.onEncoder')}</Badge>
              <Button size="xs" variant="outline" onClick={() => void act(() => bridgeApi.simRemove(c.uid))}>
                {t('cardConsole.test.remove')}
              </Button>
            </>
          ) : (
            <Button size="xs" variant="outline" onClick={() => void act(() => bridgeApi.simPlace(c.uid))}>
              {t('cardConsole.test.place')}
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  )
}
