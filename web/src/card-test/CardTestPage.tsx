// /http/card-test (anonymous, SPEC §2.1): the technician's bridge page — devices, raw reads and writes, beep, test cards, live log.
import { Flex, Heading, SimpleGrid } from '@chakra-ui/react'
import type { BridgeDevicesView, BridgeEvent, BridgeHealth } from '@pms/protocol/api/bridge-devices'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useBridgeEvents } from '../bridge/events.ts'
import { useT } from '../i18n/t.ts'
import { DevicesPanel } from './DevicesPanel.tsx'
import { applyDeviceEvent, isEncoder } from './devices.ts'
import { EventLog } from './EventLog.tsx'
import { appendLog, type LogEntry } from './eventLog.ts'
import { ReadPanel } from './ReadPanel.tsx'
import { SimTray } from './SimTray.tsx'
import { WritePanel } from './WritePanel.tsx'

export default function CardTestPage() {
  const t = useT()
  const [view, setView] = useState<BridgeDevicesView | null>(null)
  const [health, setHealth] = useState<BridgeHealth | null>(null)
  const [log, setLog] = useState<LogEntry[]>([])
  const [cardChanges, setCardChanges] = useState(0)

  useEffect(() => {
    bridgeApi.devices().then(setView, (error: unknown) => feedback.toast('error', bridgeErrorText(error, t)))
    // The version line is extra: a bridge that cannot answer its health has already been reported by the devices call.
    bridgeApi.health().then(setHealth, () => setHealth(null))
  }, [t])
  const onEvent = useCallback((event: BridgeEvent) => {
    setView((v) => applyDeviceEvent(v, event))
    setLog((l) => appendLog(l, event, Date.now()))
    if (event.type === 'card') setCardChanges((n) => n + 1)
  }, [])
  const socket = useBridgeEvents(onEvent)
  const encoder =
    view?.devices.find((d) => isEncoder(d) && d.state === 'ready') ?? view?.devices.find(isEncoder)

  return (
    <Flex direction="column" gap="4" p="6" maxW="1200px" mx="auto" data-testid="card-test-page">
      <Heading size="lg">{t('cardConsole.test.title')}</Heading>
      <DevicesPanel view={view} health={health} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Flex direction="column" gap="6">
          <ReadPanel deviceId={encoder?.id} />
          <WritePanel deviceId={encoder?.id} />
          {view?.simulate && <SimTray changed={cardChanges} />}
        </Flex>
        <EventLog entries={log} socket={socket} />
      </SimpleGrid>
    </Flex>
  )
}
