// Night audit overview (SPEC §2.9; issue 13): the property's business date and clock, what needs a decision before
// the audit (each with a link to fix it), the run with a confirmation listing what it will do, and the history of
// closed days with each run's step log and the day's frozen figures.
import {
  Badge,
  Box,
  Button,
  Dialog,
  Flex,
  Heading,
  Link,
  NativeSelect,
  Portal,
  Spinner,
  Table,
  Text,
} from '@chakra-ui/react'
import {
  type DailySnapshot,
  type NightAuditOverview,
  NightAuditPermission,
  type NightAuditRun,
} from '@pms/protocol/api/night-audit'
import { useCallback, useEffect, useState } from 'react'
import { Link as RouterLink } from 'wouter'
import { feedback } from '../api/feedback.ts'
import { DeskPath } from '../front-desk/shared.ts'
import { useT } from '../i18n/t.ts'
import { reloadOnLive } from '../notifications/pushStore.ts'
import { refreshBusinessDate } from '../session/store.ts'
import { coalesced } from '../ui/coalesced.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { Pager } from '../ui/Pager.tsx'
import { nightAuditApi } from './api.ts'

const PAGE_SIZE = 10

export default function NightAuditPage() {
  const t = useT()
  const permissions = usePermissions()
  const canRun = permitted([{ permission: NightAuditPermission.run }], permissions).length > 0
  const [overview, setOverview] = useState<NightAuditOverview>()
  const [runs, setRuns] = useState<NightAuditRun[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const load = useCallback(async () => {
    try {
      setOverview((await nightAuditApi.overview()).data)
      const history = await nightAuditApi.history(page, PAGE_SIZE)
      setRuns(history.rows ?? [])
      setTotal(history.total ?? 0)
    } catch {
      // Shown by the request layer.
    }
  }, [page])
  useEffect(() => {
    void load()
  }, [load])
  // Another desk's work changes the blockers, and another run (or the scheduler) closes the day: read again live.
  useEffect(() => reloadOnLive(coalesced(load), { rooms: true }), [load])

  const run = async (noShowRule: 'noShow' | 'keep') => {
    if (!overview) return
    setBusy(true)
    try {
      const res = await nightAuditApi.run({ businessDate: overview.businessDate, noShowRule })
      feedback.toast('success', res.msg)
      setConfirming(false)
      setPage(1)
      // The console's default dates follow the new business date.
      await Promise.all([load(), refreshBusinessDate()])
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  if (!overview) return <Spinner size="sm" />
  const count = (kind: string) => overview.blockers.filter((b) => b.kind === kind).length
  return (
    <Flex direction="column" gap="4" bg="bg" p="4" borderRadius="md" data-testid="night-audit-page">
      <Heading size="md">{t('nightAudit.title')}</Heading>
      <Flex gap="6" wrap="wrap" align="center">
        <Fact label={t('nightAudit.businessDate')} value={overview.businessDate} testId="business-date" />
        <Fact label={t('nightAudit.timeZone')} value={overview.timeZone} />
        <Fact label={t('nightAudit.localTime')} value={overview.localTime} />
        <Fact label={t('nightAudit.autoTime')} value={overview.nightAuditTime || t('nightAudit.autoOff')} />
        <Fact label={t('nightAudit.inHouse')} value={String(overview.inHouse)} />
        {canRun && (
          <Button
            size="sm"
            colorPalette="blue"
            disabled={overview.refusal !== null}
            onClick={() => setConfirming(true)}
            data-testid="night-audit-run"
          >
            {t('nightAudit.run')}
          </Button>
        )}
        {overview.refusal && (
          <Text fontSize="sm" color="fg.warning" data-testid="night-audit-refusal">
            {t('nightAudit.cannotRun')}: {t(overview.refusal.key, overview.refusal.params)}
          </Text>
        )}
      </Flex>

      <Heading size="sm">{t('nightAudit.blockers')}</Heading>
      {overview.blockers.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('nightAudit.noBlockers')}
        </Text>
      ) : (
        <Table.Root size="sm" variant="outline" data-testid="night-audit-blockers">
          <Table.Body>
            {overview.blockers.map((b) => (
              <Table.Row
                key={`${b.kind}-${b.orderId ?? ''}-${b.roomNo ?? ''}-${b.name}-${b.time ?? ''}`}
                data-testid={`blocker-${b.kind}`}
              >
                <Table.Cell>
                  <Badge colorPalette={b.blocking ? 'red' : 'orange'}>{t(`nightAudit.kind.${b.kind}`)}</Badge>
                  {b.blocking && (
                    <Text as="span" ms="2" fontSize="xs" color="fg.error">
                      {t('nightAudit.blocking')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{b.orderNo ?? ''}</Table.Cell>
                <Table.Cell>{b.roomNo ?? ''}</Table.Cell>
                <Table.Cell>{b.name}</Table.Cell>
                <Table.Cell>{b.time ?? ''}</Table.Cell>
                <Table.Cell textAlign="end">
                  {b.balanceCents === null ? '' : formatMoney(b.balanceCents)}
                </Table.Cell>
                <Table.Cell>
                  {b.orderId !== null && (
                    <Link asChild fontSize="sm" colorPalette="blue">
                      <RouterLink to={DeskPath.detail(b.orderId)}>{t('nightAudit.open')}</RouterLink>
                    </Link>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}

      <Heading size="sm">{t('nightAudit.history')}</Heading>
      {runs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('nightAudit.empty')}
        </Text>
      ) : (
        <Flex direction="column" gap="3" data-testid="night-audit-history">
          {runs.map((r) => (
            <RunCard key={r.auditId} run={r} />
          ))}
          <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
        </Flex>
      )}

      <ConfirmRun
        open={confirming}
        busy={busy}
        overview={overview}
        arrivals={count('arrivalDue')}
        dueOut={count('dueOut')}
        onClose={() => setConfirming(false)}
        onRun={(rule) => void run(rule)}
      />
    </Flex>
  )
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  )
}

function ConfirmRun(props: {
  open: boolean
  busy: boolean
  overview: NightAuditOverview
  arrivals: number
  dueOut: number
  onClose: () => void
  onRun: (rule: 'noShow' | 'keep') => void
}) {
  const t = useT()
  const [rule, setRule] = useState<'noShow' | 'keep'>(props.overview.noShowRule)
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="night-audit-confirm">
            <Dialog.Header>
              <Dialog.Title>{t('nightAudit.confirmTitle', [props.overview.businessDate])}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="2">{t('nightAudit.confirmIntro')}</Text>
              <Box as="ol" ps="5" fontSize="sm" css={{ listStyleType: 'decimal' }}>
                <li>{t('nightAudit.confirmCharges', [props.overview.inHouse])}</li>
                <li>
                  {t('nightAudit.confirmNoShow', [props.arrivals])}{' '}
                  <NativeSelect.Root size="xs" width="auto" display="inline-flex">
                    <NativeSelect.Field
                      value={rule}
                      onChange={(e) => setRule(e.target.value as 'noShow' | 'keep')}
                      data-testid="night-audit-noshow-rule"
                    >
                      <option value="noShow">{t('nightAudit.ruleNoShow')}</option>
                      <option value="keep">{t('nightAudit.ruleKeep')}</option>
                    </NativeSelect.Field>
                  </NativeSelect.Root>
                </li>
                <li>{t('nightAudit.confirmOverdue', [props.dueOut])}</li>
                <li>{t('nightAudit.confirmRest')}</li>
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={props.onClose}>
                {t('console.dialog.cancel')}
              </Button>
              <Button
                size="sm"
                colorPalette="blue"
                loading={props.busy}
                onClick={() => props.onRun(rule)}
                data-testid="night-audit-confirm-run"
              >
                {t('nightAudit.run')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function RunCard({ run }: { run: NightAuditRun }) {
  const t = useT()
  const [report, setReport] = useState<DailySnapshot | null>()
  const [open, setOpen] = useState(false)
  const toggle = async () => {
    setOpen(!open)
    if (report === undefined)
      try {
        setReport((await nightAuditApi.snapshot(run.businessDate)).data ?? null)
      } catch {
        setReport(null)
      }
  }
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid={`night-audit-run-${run.businessDate}`}>
      <Flex gap="4" wrap="wrap" align="center" fontSize="sm">
        <Text fontWeight="semibold">{run.businessDate}</Text>
        <Badge>{t(`nightAudit.trigger.${run.triggerKind}`)}</Badge>
        <Text>
          {t('nightAudit.col.by')}: {run.createByName || '—'}
        </Text>
        <Text>
          {run.startTime} – {run.endTime}
        </Text>
        <Text>
          {t('nightAudit.col.voucher')}: {run.voucherId ?? '—'}
        </Text>
        <Button size="xs" variant="ghost" onClick={() => void toggle()} data-testid="night-audit-run-toggle">
          {t('nightAudit.steps')} / {t('nightAudit.report')}
        </Button>
      </Flex>
      {open && (
        <Flex gap="6" mt="2" wrap="wrap" align="start">
          <Table.Root size="sm" variant="outline" width="auto">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('nightAudit.col.step')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('nightAudit.col.duration')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('nightAudit.col.counts')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {run.steps.map((s) => (
                <Table.Row key={s.step}>
                  <Table.Cell>{t(`nightAudit.step.${s.step}`)}</Table.Cell>
                  <Table.Cell textAlign="end">{s.durationMs}</Table.Cell>
                  <Table.Cell>
                    {Object.entries(s.counts)
                      .map(([k, v]) => `${k}: ${k.toLowerCase().includes('cents') ? formatMoney(v) : v}`)
                      .join(', ')}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {report && <Report snapshot={report} />}
        </Flex>
      )}
    </Box>
  )
}

function Report({ snapshot: s }: { snapshot: DailySnapshot }) {
  const t = useT()
  const rows: Array<[string, string]> = [
    ['roomsInService', String(s.roomsInService)],
    ['roomsSold', String(s.roomsSold)],
    ['roomsOutOfOrder', String(s.roomsOutOfOrder)],
    ['arrivals', String(s.arrivals)],
    ['departures', String(s.departures)],
    ['noShows', String(s.noShows)],
    ['roomRevenue', formatMoney(s.roomRevenueCents)],
    ['otherRevenue', formatMoney(s.otherRevenueCents)],
    ['receivables', formatMoney(s.receivablesCents)],
  ]
  return (
    <Table.Root size="sm" variant="outline" width="auto" data-testid="night-audit-report">
      <Table.Body>
        {rows.map(([k, v]) => (
          <Table.Row key={k}>
            <Table.Cell>{t(`nightAudit.fig.${k}`)}</Table.Cell>
            <Table.Cell textAlign="end">{v}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
