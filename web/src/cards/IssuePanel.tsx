// One issuing tab (Tm, Ht or BLE v3): the form, issue / read / erase on the encoder, live progress and retry.
import { Alert, Button, Flex, Text } from '@chakra-ui/react'
import { CardFlag, CardType } from '@pms/protocol'
import type { BridgeEvent, CardReadResult } from '@pms/protocol/api/bridge-devices'
import { useCallback, useMemo, useRef, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { ApiError } from '../api/request.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useBridgeEvents } from '../bridge/events.ts'
import { useT } from '../i18n/t.ts'
import { sessionStore } from '../session/store.ts'
import { confirmAction } from '../ui/confirm.ts'
import { cardApi } from './api.ts'
import { CardReadout } from './CardReadout.tsx'
import { IssueFormFields } from './IssueFormFields.tsx'
import { IssueProgress } from './IssueProgress.tsx'
import { canRetry, type IssueAttempt, type IssueEffects, issueCard, retryIssue } from './issueFlow.ts'
import { buildIssueRequest, type IssueForm } from './issueRequest.ts'
import { type ProgressLine, progressLine } from './progress.ts'
import { useRoomStay } from './useRoomStay.ts'
import { roomNumbers, useScopes } from './useScopes.ts'
import { defaultValidity } from './validity.ts'

function initialForm(protocol: string): IssueForm {
  return {
    protocol,
    cardType: CardType.GUEST,
    floorIds: [],
    reason: '',
    ...defaultValidity(new Date(), sessionStore.get().checkOutTime),
    flags: CardFlag.SUPERSEDE,
    targetCardNo: '',
  }
}

export function IssuePanel({ protocols }: { protocols: readonly string[] }) {
  const t = useT()
  const view = useScopes()
  const rooms = useMemo(() => roomNumbers(view), [view])
  const [form, setForm] = useState(() => initialForm(protocols[0]!))
  const stay = useRoomStay(
    form.cardType === CardType.GUEST && form.roomId ? rooms.get(form.roomId) : undefined,
  )
  const request = () => buildIssueRequest({ ...form, orderRoomId: stay?.orderRoomId })
  const [attempt, setAttempt] = useState<IssueAttempt | null>(null)
  const [busy, setBusy] = useState(false)
  const [lines, setLines] = useState<ProgressLine[]>([])
  const [read, setRead] = useState<CardReadResult | null>(null)

  // Progress lines are kept only while an operation of this panel runs; a ref keeps the subscription stable.
  const listening = useRef(false)
  listening.current = busy
  const onEvent = useCallback((event: BridgeEvent) => {
    if (listening.current && event.type === 'progress') setLines((l) => [...l, progressLine(event)])
  }, [])
  useBridgeEvents(onEvent)

  const describe = useCallback(
    (error: unknown) => (error instanceof ApiError ? error.message : bridgeErrorText(error, t)),
    [t],
  )

  const effects = (built: Extract<ReturnType<typeof buildIssueRequest>, { ok: true }>): IssueEffects => ({
    read: async () => {
      const card = await bridgeApi.read()
      return { uid: card.uid, deviceId: card.deviceId }
    },
    grant: async (uid) => (await cardApi.grant({ ...built.body, uid })).data!,
    write: async (auth, deviceId) => {
      await bridgeApi.issue({ recordId: auth.recordId, grant: auth.grant, deviceId })
    },
    confirm: async (recordId, uid, state, reason) => {
      await cardApi.updateState(recordId, uid, state, reason)
    },
    describe,
  })

  const run = async (work: () => Promise<IssueAttempt>) => {
    listening.current = true
    setBusy(true)
    setLines([])
    setRead(null)
    try {
      const done = await work()
      setAttempt(done)
      if (done.step === 'issued') feedback.toast('success', t('cardConsole.issue.done'))
    } finally {
      setBusy(false)
    }
  }

  const issue = () => {
    const built = request()
    if (!built.ok) {
      feedback.toast('warning', t(built.key))
      return
    }
    void run(() => issueCard(effects(built), setAttempt))
  }

  const retry = () => {
    const built = request()
    if (!attempt || !built.ok) return
    void run(() => retryIssue(effects(built), attempt, setAttempt))
  }

  const readCard = async () => {
    setBusy(true)
    try {
      setRead(await bridgeApi.read())
    } catch (error) {
      feedback.toast('error', describe(error))
    } finally {
      setBusy(false)
    }
  }

  const eraseCard = async () => {
    // Erasing cannot be undone: the clerk confirms first.
    if (!(await confirmAction(t('cardConsole.erase.confirm')))) return
    setBusy(true)
    setLines([])
    try {
      await bridgeApi.erase()
      setRead(null)
      feedback.toast('success', t('cardConsole.erase.done'))
    } catch (error) {
      feedback.toast('error', describe(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex direction="column" gap="4" data-testid="issue-panel">
      <IssueFormFields protocols={protocols} form={form} view={view} stay={stay} onChange={setForm} />
      <Flex gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" loading={busy} onClick={issue} data-testid="card-issue">
          {t('cardConsole.action.issue')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void readCard()}
          data-testid="card-read"
        >
          {t('cardConsole.action.read')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void eraseCard()}
          data-testid="card-erase"
        >
          {t('cardConsole.action.erase')}
        </Button>
      </Flex>
      {attempt && <IssueProgress attempt={attempt} lines={lines} />}
      {attempt?.step === 'failed' && (
        <Alert.Root status="error" data-testid="issue-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('cardRecord.issueFailed')}</Alert.Title>
            <Alert.Description>{attempt.reason}</Alert.Description>
          </Alert.Content>
          {canRetry(attempt) && (
            <Button size="xs" onClick={retry} disabled={busy} data-testid="issue-retry">
              {t('cardConsole.action.retry')}
            </Button>
          )}
        </Alert.Root>
      )}
      {attempt?.step === 'issued' && (
        <Text color="green.fg" data-testid="issue-done">
          {t('cardConsole.issue.recorded', {
            recordId: attempt.auth?.recordId ?? '',
            uid: attempt.uid ?? '',
          })}
        </Text>
      )}
      {read && <CardReadout read={read} rooms={rooms} />}
    </Flex>
  )
}
