// The card issuing record (SPEC §2.8, §7): filters, a server-paged table with state tags and failure reasons.
import { Badge, Button, Flex, Input, NativeSelect, Spinner, Table, Text } from '@chakra-ui/react'
import { cardTypeName } from '@pms/protocol'
import { CardRecordState, type CardRecordView } from '@pms/protocol/api/card-issue'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { formatDateTime } from '../ui/format.ts'
import { Pager } from '../ui/Pager.tsx'
import { cardApi } from './api.ts'
import { cardTypeLabelKey, LOCK_CARD_KINDS } from './cardKinds.ts'
import { Field } from './Field.tsx'
import {
  EMPTY_FILTERS,
  RECORD_PAGE_SIZE,
  type RecordFilters,
  recordQuery,
  STATE_PALETTE,
} from './recordFilters.ts'
import { roomNumbers, useScopes } from './useScopes.ts'
import { secondsText } from './validity.ts'

export function RecordTab() {
  const t = useT()
  const rooms = roomNumbers(useScopes())
  const [draft, setDraft] = useState<RecordFilters>(EMPTY_FILTERS)
  const [filters, setFilters] = useState<RecordFilters>(EMPTY_FILTERS)
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<CardRecordView[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const query = useMemo(() => recordQuery(filters, page), [filters, page])

  const load = useCallback(async () => {
    if ('invalid' in query) return
    setLoading(true)
    try {
      const res = await cardApi.records(query)
      setRows(res.rows)
      setTotal(res.total)
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setLoading(false)
    }
  }, [query])
  useEffect(() => {
    void load()
  }, [load])

  const search = () => {
    if ('invalid' in recordQuery(draft, 1)) {
      feedback.toast('warning', t('cardConsole.error.uidFilter'))
      return
    }
    setPage(1)
    setFilters(draft)
  }
  const typeLabel = (value: number) => {
    const name = cardTypeName(value)
    return name ? t(cardTypeLabelKey(name)) : String(value)
  }

  return (
    <Flex direction="column" gap="3" data-testid="record-tab">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field label={t('cardConsole.field.cardType')}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={draft.cardType}
              onChange={(e) => setDraft({ ...draft, cardType: e.target.value })}
            >
              <option value="">{t('cardConsole.field.all')}</option>
              {LOCK_CARD_KINDS.map((k) => (
                <option key={k.name} value={k.value}>
                  {t(cardTypeLabelKey(k.name))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={t('cardConsole.field.state')}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="record-state-filter"
              value={draft.state}
              onChange={(e) => setDraft({ ...draft, state: e.target.value as RecordFilters['state'] })}
            >
              <option value="">{t('cardConsole.field.all')}</option>
              {Object.values(CardRecordState).map((s) => (
                <option key={s} value={s}>
                  {t(`cardRecord.state.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={t('cardConsole.field.cardid')}>
          <Input
            size="sm"
            value={draft.cardid}
            onChange={(e) => setDraft({ ...draft, cardid: e.target.value })}
          />
        </Field>
        <Field label={t('cardConsole.field.beginDate')}>
          <Input
            size="sm"
            type="date"
            value={draft.beginTime}
            onChange={(e) => setDraft({ ...draft, beginTime: e.target.value })}
          />
        </Field>
        <Field label={t('cardConsole.field.endDate')}>
          <Input
            size="sm"
            type="date"
            value={draft.endTime}
            onChange={(e) => setDraft({ ...draft, endTime: e.target.value })}
          />
        </Field>
        <Button size="sm" onClick={search} data-testid="record-search">
          {t('cardConsole.action.search')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(EMPTY_FILTERS)
            setFilters(EMPTY_FILTERS)
            setPage(1)
          }}
        >
          {t('cardConsole.action.reset')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void load()} data-testid="record-refresh">
          {t('cardConsole.action.refresh')}
        </Button>
        {loading && <Spinner size="sm" />}
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              {[
                'recordId',
                'cardid',
                'cardType',
                'protocol',
                'room',
                'guest',
                'validity',
                'state',
                'reason',
                'issuer',
                'time',
              ].map((c) => (
                <Table.ColumnHeader key={c}>{t(`cardConsole.record.${c}`)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.recordId} data-testid="card-record-row" data-state={r.state}>
                <Table.Cell>{r.recordId}</Table.Cell>
                <Table.Cell fontFamily="mono">{r.cardid}</Table.Cell>
                <Table.Cell>{typeLabel(r.cardType)}</Table.Cell>
                <Table.Cell>{t(`cardConsole.protocol.${r.protocol}`)}</Table.Cell>
                <Table.Cell data-testid="card-record-room">
                  {r.roomId ? (rooms.get(r.roomId) ?? r.roomId) : ''}
                </Table.Cell>
                <Table.Cell>{r.guestName}</Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontSize="xs">
                  {secondsText(r.startTime)} ~ {secondsText(r.endTime)}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATE_PALETTE[r.state]} data-testid="card-record-state">
                    {t(`cardRecord.state.${r.state}`)}
                  </Badge>
                  {r.failReason && (
                    <Text fontSize="xs" color="fg.error">
                      {r.failReason}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell data-testid="card-record-reason">
                  {r.reason}
                  {r.targetCardNo > 0 && (
                    // The card a lost or un-lost card acts on: its record id, as the records list it.
                    <Text fontSize="xs" color="fg.muted" data-testid="card-record-target">
                      {t('cardConsole.record.target', [r.targetCardNo])}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell data-testid="card-record-issuer">{r.createByName}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createTime)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && !loading && (
        <Text textAlign="center" color="fg.muted" py="6">
          {t('cardConsole.record.empty')}
        </Text>
      )}
      <Pager page={page} total={total} pageSize={RECORD_PAGE_SIZE} onChange={setPage} />
    </Flex>
  )
}
