// Card applications (/pmsAllPropertyUserCardApply, SPEC §2.1): staff apply for a staff, master, floor or building card
// and follow their applications; the property admin reviews those of every property they manage — approve (the card
// is read and written on this desk's encoder through the bridge, then reported) or refuse with a remark.
import { Badge, Button, Flex, Heading, Input, Stack, Table, Tabs, Text } from '@chakra-ui/react'
import { ProtocolCategory, type Result } from '@pms/protocol'
import {
  CARD_APPLY_TYPES,
  type CardApplyKind,
  CardApplyPermission,
  type CardApplyState,
  type CardApplyView,
  type CardApproveResult,
} from '@pms/protocol/api/card-apply'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { http } from '../api/request.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { SelectField, TextField } from '../front-desk/Fields.tsx'
import { useT } from '../i18n/t.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { formatDateTime } from '../ui/format.ts'

interface Scopes {
  buildings: { buildingId: number; buildingName: string }[]
  floors: { floorId: number; buildingId: number; floorName: string }[]
}

const api = {
  list: (mine: boolean) =>
    http.get<{ rows: CardApplyView[]; total: number }>('/pms/pmsCardApply/list', {
      mine,
      pageNum: 1,
      pageSize: 100,
    }),
  scopes: () => http.get<Result<Scopes>>('/pms/pmsCardApply/scopes'),
  apply: (body: object) => http.post<Result<CardApplyView>>('/pms/pmsCardApply', body),
  cancel: (id: number) => http.post<Result<CardApplyView>>(`/pms/pmsCardApply/cancel/${id}`),
  approve: (id: number, again: boolean, body: { uid: string; protocol: string; remark?: string }) =>
    http.post<Result<CardApproveResult>>(`/pms/pmsCardApply/${again ? 'issue' : 'approve'}/${id}`, body),
  written: (id: number, body: { ok: boolean; reason?: string }) =>
    http.post<Result<CardApplyView>>(`/pms/pmsCardApply/written/${id}`, body),
  refuse: (id: number, remark: string) =>
    http.post<Result<CardApplyView>>(`/pms/pmsCardApply/refuse/${id}`, { remark }),
}

const COLOUR: Record<CardApplyState, string> = {
  applying: 'blue',
  approved: 'green',
  refused: 'red',
  cancelled: 'gray',
}

function ApplyForm({ onDone }: { onDone: () => void }) {
  const t = useT()
  const [scopes, setScopes] = useState<Scopes>({ buildings: [], floors: [] })
  const [kind, setKind] = useState<CardApplyKind>('staff')
  const [place, setPlace] = useState('')
  const [startTime, setStart] = useState('')
  const [endTime, setEnd] = useState('')
  const [reason, setReason] = useState('')
  useEffect(() => {
    void api.scopes().then((r) => r.data && setScopes(r.data))
  }, [])
  const submit = async () => {
    const scope =
      kind === 'floor'
        ? { floorId: Number(place) || undefined }
        : kind === 'building'
          ? { buildingId: Number(place) || undefined }
          : {}
    try {
      await api.apply({ kind, ...scope, startTime, endTime, reason })
      feedback.toast('success', t('cardApply.applied'))
      setReason('')
      onDone()
    } catch {
      // Shown by the request layer, in words.
    }
  }
  const places =
    kind === 'floor'
      ? scopes.floors.map((f) => ({
          value: String(f.floorId),
          label: `${scopes.buildings.find((b) => b.buildingId === f.buildingId)?.buildingName ?? ''} ${f.floorName}`,
        }))
      : scopes.buildings.map((b) => ({ value: String(b.buildingId), label: b.buildingName }))
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="card-apply-form">
      <Heading size="sm">{t('cardApply.new')}</Heading>
      <Flex gap="2" wrap="wrap" align="end">
        <SelectField
          label={t('cardApply.kind')}
          testId="card-apply-kind"
          value={kind}
          onChange={(v) => {
            setKind(v as CardApplyKind)
            setPlace('')
          }}
          options={Object.keys(CARD_APPLY_TYPES).map((k) => ({ value: k, label: t(`cardApply.kind.${k}`) }))}
        />
        {(kind === 'floor' || kind === 'building') && (
          <SelectField
            label={t(kind === 'floor' ? 'cardApply.floor' : 'cardApply.building')}
            testId="card-apply-place"
            value={place}
            empty=""
            onChange={setPlace}
            options={places}
          />
        )}
        <TextField
          label={t('cardApply.startTime')}
          testId="card-apply-start"
          type="date"
          value={startTime}
          onChange={setStart}
        />
        <TextField
          label={t('cardApply.endTime')}
          testId="card-apply-end"
          type="date"
          value={endTime}
          onChange={setEnd}
        />
        <TextField
          label={t('cardApply.reason')}
          testId="card-apply-reason"
          value={reason}
          onChange={setReason}
        />
        <Button size="sm" onClick={() => void submit()} data-testid="card-apply-submit">
          {t('cardApply.submit')}
        </Button>
      </Flex>
    </Stack>
  )
}

function scopeText(t: ReturnType<typeof useT>, a: CardApplyView): string {
  if (a.kind === 'floor') return `${a.buildingName ?? ''} ${a.floorName ?? ''}`.trim()
  if (a.kind === 'building') return a.buildingName ?? ''
  return t('cardApply.scope.property')
}

function ApplicationTable({
  rows,
  review,
  onChanged,
}: {
  rows: CardApplyView[]
  review: boolean
  onChanged: () => void
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [remarks, setRemarks] = useState<Record<number, string>>({})
  const [protocol, setProtocol] = useState<string>(ProtocolCategory.M157)

  /** Reads the blank card on this desk's encoder, gets the grant, writes it and reports how the write went. */
  const issue = async (a: CardApplyView, again: boolean) => {
    setBusy(true)
    try {
      let uid: string
      try {
        uid = (await bridgeApi.read()).uid
      } catch (error) {
        feedback.toast('error', bridgeErrorText(error, t))
        return
      }
      const res = await api.approve(a.applyId, again, { uid, protocol, remark: remarks[a.applyId] })
      const approval = res.data!
      try {
        await bridgeApi.issue({ recordId: approval.recordId, grant: approval.grant })
        await api.written(a.applyId, { ok: true })
        feedback.toast('success', t('cardApply.issued'))
      } catch (error) {
        const reason = bridgeErrorText(error, t)
        await api.written(a.applyId, { ok: false, reason })
        feedback.toast('error', reason)
      }
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
      onChanged()
    }
  }
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      feedback.toast('success', t(done))
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
      onChanged()
    }
  }
  if (rows.length === 0) return <Text color="fg.muted">{t('cardApply.empty')}</Text>
  return (
    <Stack gap="2">
      {review && (
        <Flex maxW="xs">
          <SelectField
            label={t('cardApply.protocol')}
            testId="card-apply-protocol"
            value={protocol}
            onChange={setProtocol}
            options={Object.values(ProtocolCategory).map((p) => ({ value: p, label: p }))}
          />
        </Flex>
      )}
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {review && <Table.ColumnHeader>{t('cardApply.property')}</Table.ColumnHeader>}
            {review && <Table.ColumnHeader>{t('cardApply.applicant')}</Table.ColumnHeader>}
            <Table.ColumnHeader>{t('cardApply.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardApply.scope')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardApply.endTime')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardApply.reason')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardApply.stateLabel')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardApply.remark')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((a) => (
            <Table.Row key={a.applyId} data-testid="card-apply-row" data-id={a.applyId} data-state={a.state}>
              {review && <Table.Cell>{a.propertyName}</Table.Cell>}
              {review && <Table.Cell>{a.userName}</Table.Cell>}
              <Table.Cell>{t(`cardApply.kind.${a.kind}`)}</Table.Cell>
              <Table.Cell>{scopeText(t, a)}</Table.Cell>
              <Table.Cell>{formatDateTime(a.endTime * 1000)}</Table.Cell>
              <Table.Cell>{a.reason}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={COLOUR[a.state]} data-testid="card-apply-state">
                  {t(`cardApply.state.${a.state}`)}
                </Badge>
                {a.cardState && (
                  <Text fontSize="xs" data-testid="card-apply-card" data-card-state={a.cardState}>
                    {a.cardid} · {t(`cardRecord.state.${a.cardState}`)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {review && a.state === 'applying' ? (
                  <Input
                    size="xs"
                    value={remarks[a.applyId] ?? ''}
                    onChange={(e) => setRemarks({ ...remarks, [a.applyId]: e.target.value })}
                    data-testid="card-apply-remark"
                  />
                ) : (
                  <Text fontSize="sm">
                    {a.remark}
                    {a.reviewerName ? ` (${a.reviewerName})` : ''}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1">
                  {review && a.state === 'applying' && (
                    <>
                      <Button
                        size="xs"
                        loading={busy}
                        onClick={() => void issue(a, false)}
                        data-testid="card-apply-approve"
                      >
                        {t('cardApply.approve')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        loading={busy}
                        onClick={() =>
                          void act(() => api.refuse(a.applyId, remarks[a.applyId] ?? ''), 'cardApply.refused')
                        }
                        data-testid="card-apply-refuse"
                      >
                        {t('cardApply.refuse')}
                      </Button>
                    </>
                  )}
                  {review && a.state === 'approved' && a.cardState === 'failed' && (
                    <Button size="xs" loading={busy} onClick={() => void issue(a, true)}>
                      {t('cardApply.reissue')}
                    </Button>
                  )}
                  {!review && a.state === 'applying' && (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={busy}
                      onClick={() => void act(() => api.cancel(a.applyId), 'cardApply.cancelled')}
                      data-testid="card-apply-cancel"
                    >
                      {t('cardApply.cancel')}
                    </Button>
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  )
}

export default function CardApplyPage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const canApply = can(CardApplyPermission.apply)
  const canReview = can(CardApplyPermission.review)
  const [mine, setMine] = useState<CardApplyView[]>([])
  const [toReview, setToReview] = useState<CardApplyView[]>([])
  const reload = useCallback(async () => {
    if (canApply) setMine((await api.list(true).catch(() => ({ rows: [] as CardApplyView[] }))).rows)
    if (canReview) setToReview((await api.list(false).catch(() => ({ rows: [] as CardApplyView[] }))).rows)
  }, [canApply, canReview])
  useEffect(() => {
    void reload()
  }, [reload])
  return (
    <Stack gap="3" data-testid="card-apply-page">
      <Heading size="md">{t('cardApply.title')}</Heading>
      <Tabs.Root defaultValue={canReview ? 'review' : 'mine'} lazyMount>
        <Tabs.List>
          {canReview && (
            <Tabs.Trigger value="review" data-testid="card-apply-tab-review">
              {t('cardApply.tab.review')}
            </Tabs.Trigger>
          )}
          {canApply && (
            <Tabs.Trigger value="mine" data-testid="card-apply-tab-mine">
              {t('cardApply.tab.mine')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        {canReview && (
          <Tabs.Content value="review">
            <ApplicationTable rows={toReview} review onChanged={() => void reload()} />
          </Tabs.Content>
        )}
        {canApply && (
          <Tabs.Content value="mine">
            <Stack gap="3">
              <ApplyForm onDone={() => void reload()} />
              <ApplicationTable rows={mine} review={false} onChanged={() => void reload()} />
            </Stack>
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Stack>
  )
}
