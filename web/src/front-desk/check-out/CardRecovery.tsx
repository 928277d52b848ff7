// Card recovery at check-out: read the card on the encoder (shows whose room it opens), then erase it.
import { Button, Flex, Text } from '@chakra-ui/react'
import type { CardReadResult } from '@pms/protocol/api/bridge-devices'
import { useMemo, useState } from 'react'
import { feedback } from '../../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../../bridge/api.ts'
import { CardReadout } from '../../cards/CardReadout.tsx'
import { useT } from '../../i18n/t.ts'
import { confirmAction } from '../../ui/confirm.ts'

export function CardRecovery({
  rooms,
}: {
  rooms: ReadonlyArray<{ roomId: number | null; roomNo: string | null }>
}) {
  const t = useT()
  const [read, setRead] = useState<CardReadResult | null>(null)
  const [busy, setBusy] = useState(false)
  const names = useMemo(
    () => new Map(rooms.filter((r) => r.roomId && r.roomNo).map((r) => [r.roomId!, r.roomNo!])),
    [rooms],
  )
  const act = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Flex direction="column" gap="2" borderWidth="1px" rounded="md" p="3" data-testid="card-recovery">
      <Text fontWeight="semibold">{t('frontDeskConsole.checkOut.cardRecovery')}</Text>
      <Flex gap="2">
        <Button
          size="xs"
          variant="outline"
          loading={busy}
          onClick={() => void act(async () => setRead(await bridgeApi.read()))}
          data-testid="recovery-read"
        >
          {t('cardConsole.action.read')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              // Erasing cannot be undone: the clerk confirms first.
              if (!(await confirmAction(t('cardConsole.erase.confirm')))) return
              await bridgeApi.erase()
              setRead(null)
              feedback.toast('success', t('frontDeskConsole.checkOut.cardRecovered'))
            })
          }
          data-testid="recovery-erase"
        >
          {t('frontDeskConsole.checkOut.recover')}
        </Button>
      </Flex>
      {read && <CardReadout read={read} rooms={names} />}
    </Flex>
  )
}
