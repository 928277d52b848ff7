// Cards for one room of an order through the bridge (DESIGN §3), with the card screen's flow and progress: read the
// UID, ask the server for a grant, write, confirm. A guest card names the stay (orderRoomId: room, guest and validity
// come from the stay); a checkout card (type 14) names the room and the order. A failed card changes no stay and
// offers a retry; another card can be issued for the same room.
import { Alert, Button, Flex, NativeSelect, Text } from '@chakra-ui/react'
import { useCallback, useState } from 'react'
import { ApiError } from '../../api/request.ts'
import { bridgeApi, bridgeErrorText } from '../../bridge/api.ts'
import { cardApi } from '../../cards/api.ts'
import { IssueProgress } from '../../cards/IssueProgress.tsx'
import {
  canRetry,
  type IssueAttempt,
  type IssueEffects,
  issueCard,
  retryIssue,
} from '../../cards/issueFlow.ts'
import { useT } from '../../i18n/t.ts'
import { sessionStore } from '../../session/store.ts'
import { type CardTarget, cardIssueRequest } from './cardTarget.ts'

/** Protocols a guest card for a stay can be written in (the Tm family's MIFARE formats, then BLE). */
export const STAY_CARD_PROTOCOLS = ['M157', 'Z-M', 'BLE_V2', 'BLE_V3'] as const

interface Props {
  target: CardTarget
  roomNo: string
  testId?: string
  /** After each attempt (a record was written or changed). */
  onAttempt?: () => void
}

export function CardIssueBox({ target, roomNo, testId = 'card-box', onAttempt }: Props) {
  const checkout = target.kind === 'checkout'
  const t = useT()
  const [protocol, setProtocol] = useState<string>(STAY_CARD_PROTOCOLS[0])
  const [attempt, setAttempt] = useState<IssueAttempt | null>(null)
  const [issued, setIssued] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const describe = useCallback(
    (error: unknown) => (error instanceof ApiError ? error.message : bridgeErrorText(error, t)),
    [t],
  )
  const effects: IssueEffects = {
    read: async () => {
      const card = await bridgeApi.read()
      return { uid: card.uid, deviceId: card.deviceId }
    },
    grant: async (uid) =>
      (
        await cardApi.grant(
          cardIssueRequest(target, protocol, uid, new Date(), sessionStore.get().checkOutTime),
        )
      ).data!,
    write: async (auth, deviceId) => {
      await bridgeApi.issue({ recordId: auth.recordId, grant: auth.grant, deviceId })
    },
    confirm: async (recordId, uid, state, reason) => {
      await cardApi.updateState(recordId, uid, state, reason)
    },
    describe,
  }

  const run = async (work: () => Promise<IssueAttempt>) => {
    setBusy(true)
    try {
      const done = await work()
      setAttempt(done)
      if (done.step === 'issued' && done.uid) setIssued((list) => [...list, done.uid!])
    } finally {
      setBusy(false)
      onAttempt?.()
    }
  }

  return (
    <Flex
      direction="column"
      gap="2"
      borderWidth="1px"
      rounded="md"
      p="3"
      data-testid={testId}
      data-room-no={roomNo}
      data-card-kind={target.kind}
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold">
          {t(checkout ? 'frontDeskConsole.card.checkoutTitle' : 'frontDeskConsole.card.title', [roomNo])}
        </Text>
        <NativeSelect.Root size="xs" width="140px">
          <NativeSelect.Field
            aria-label={t('frontDeskConsole.card.protocol')}
            value={protocol}
            onChange={(e) => setProtocol(e.target.value)}
            data-testid="card-protocol"
          >
            {STAY_CARD_PROTOCOLS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          size="xs"
          colorPalette="blue"
          loading={busy}
          onClick={() => void run(() => issueCard(effects, setAttempt))}
          data-testid="card-issue-stay"
        >
          {t(
            issued.length
              ? 'frontDeskConsole.card.issueAnother'
              : checkout
                ? 'frontDeskConsole.card.issueCheckout'
                : 'frontDeskConsole.card.issue',
          )}
        </Button>
      </Flex>
      {attempt && <IssueProgress attempt={attempt} lines={[]} />}
      {attempt?.step === 'failed' && (
        <Alert.Root status="error" data-testid="card-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('cardRecord.issueFailed')}</Alert.Title>
            <Alert.Description>{attempt.reason}</Alert.Description>
          </Alert.Content>
          {canRetry(attempt) && (
            <Button
              size="xs"
              disabled={busy}
              onClick={() => void run(() => retryIssue(effects, attempt, setAttempt))}
              data-testid="card-retry"
            >
              {t('cardConsole.action.retry')}
            </Button>
          )}
        </Alert.Root>
      )}
      {issued.length > 0 && (
        <Text color="green.fg" fontSize="sm" data-testid="card-issued" data-count={issued.length}>
          {t('frontDeskConsole.card.issued', [issued.length, issued.join(', ')])}
        </Text>
      )}
    </Flex>
  )
}
