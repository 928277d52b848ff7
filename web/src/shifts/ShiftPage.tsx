// Shift handover (issue 13 交班): the cashier's current shift — open it with a float; close it with a blind count per
// method (what was expected shows only after the count is in), then the report with over/short and a print link —
// and a spreadsheet export, and the shifts list, where the next cashier takes a closed shift over.
import { Badge, Button, Field, Flex, Heading, Input, Link, Table, Text } from '@chakra-ui/react'
import { DRAWER_METHODS, type Shift, ShiftPermission, type ShiftReport } from '@pms/protocol/api/shifts'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { exportReport } from '../reports/exportReport.ts'
import { confirmAction } from '../ui/confirm.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { Pager } from '../ui/Pager.tsx'
import { shiftApi, shiftPrintPath } from './api.ts'
import { handoverSheet } from './handoverSheet.ts'

const PAGE_SIZE = 10

/** Yuan text → cents, or null when it is not an amount. */
function toCents(text: string): number | null {
  const value = text.trim()
  if (value === '') return 0
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null
  const [whole, fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

export default function ShiftPage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const [current, setCurrent] = useState<Shift | null>()
  const [float, setFloat] = useState('')
  const [counted, setCounted] = useState<Record<string, string>>({})
  const [report, setReport] = useState<ShiftReport>()
  const [shifts, setShifts] = useState<Shift[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [me, setMe] = useState<number>()
  const load = useCallback(async () => {
    try {
      setCurrent((await shiftApi.current()).data ?? null)
      const list = await shiftApi.list(page, PAGE_SIZE)
      setShifts(list.rows ?? [])
      setTotal(list.total ?? 0)
    } catch {
      // Shown by the request layer.
    }
  }, [page])
  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => {
    if (current) setMe(current.userId)
  }, [current])

  const open = async () => {
    const cents = toCents(float)
    if (cents === null) return feedback.toast('error', t('validation.invalid', [t('shift.openingFloat')]))
    try {
      const res = await shiftApi.open({ openingFloatCents: cents })
      feedback.toast('success', res.msg)
      setFloat('')
      setReport(undefined)
      await load()
    } catch {
      // Shown by the request layer.
    }
  }
  const close = async () => {
    const body: Record<string, number> = {}
    for (const m of DRAWER_METHODS) {
      const cents = toCents(counted[m] ?? '')
      if (cents === null) return feedback.toast('error', t('validation.invalid', [t(`billing.method.${m}`)]))
      if (cents) body[m] = cents
    }
    if (!(await confirmAction(t('shift.confirmClose')))) return
    try {
      const res = await shiftApi.close({ counted: body })
      feedback.toast('success', res.msg)
      setReport(res.data)
      setCounted({})
      await load()
    } catch {
      // Shown by the request layer.
    }
  }
  const takeOver = async (s: Shift) => {
    try {
      const res = await shiftApi.takeOver(s.shiftId)
      feedback.toast('success', res.msg)
      await load()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="4" bg="bg" p="4" borderRadius="md" data-testid="shift-page">
      <Heading size="md">{t('shift.title')}</Heading>
      <Heading size="sm">{t('shift.current')}</Heading>
      {current === undefined ? null : current === null ? (
        <Flex gap="3" align="end" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {t('shift.none')}
          </Text>
          {can(ShiftPermission.open) && (
            <>
              <Field.Root width="40">
                <Field.Label>{t('shift.openingFloat')}</Field.Label>
                <Input
                  size="sm"
                  value={float}
                  onChange={(e) => setFloat(e.target.value)}
                  inputMode="decimal"
                  data-testid="shift-float"
                />
              </Field.Root>
              <Button size="sm" colorPalette="blue" onClick={() => void open()} data-testid="shift-open">
                {t('shift.open')}
              </Button>
            </>
          )}
        </Flex>
      ) : (
        <Flex direction="column" gap="2" data-testid="shift-current">
          <Text fontSize="sm">
            {t('shift.col.user')}: {current.userName} · {t('shift.col.open')}: {current.openTime} ·{' '}
            {t('shift.openingFloat')}: {formatMoney(current.openingFloatCents)}
          </Text>
          {can(ShiftPermission.close) && (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('shift.blindCount')}
              </Text>
              <Flex gap="3" wrap="wrap" align="end">
                {DRAWER_METHODS.map((m) => (
                  <Field.Root key={m} width="36">
                    <Field.Label>{t(`billing.method.${m}`)}</Field.Label>
                    <Input
                      size="sm"
                      inputMode="decimal"
                      value={counted[m] ?? ''}
                      onChange={(e) => setCounted({ ...counted, [m]: e.target.value })}
                      data-testid={`shift-count-${m}`}
                    />
                  </Field.Root>
                ))}
                <Button size="sm" colorPalette="blue" onClick={() => void close()} data-testid="shift-close">
                  {t('shift.close')}
                </Button>
              </Flex>
            </>
          )}
        </Flex>
      )}

      {report && (
        <Flex direction="column" gap="2" data-testid="shift-report">
          <Heading size="sm">{t('shift.report')}</Heading>
          <Table.Root size="sm" variant="outline" width="auto">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('shift.col.method')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('shift.col.expected')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('shift.col.counted')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('shift.col.overShort')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.lines.map((l) => (
                <Table.Row key={l.method} data-testid={`shift-line-${l.method}`}>
                  <Table.Cell>{t(`billing.method.${l.method}`)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(l.expectedCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(l.countedCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(l.overShortCents)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Flex gap="3" align="center">
            <Link href={shiftPrintPath(report.shift.shiftId)} target="_blank" data-testid="shift-print-link">
              {t('shift.print')}
            </Link>
            <Button
              size="xs"
              variant="outline"
              onClick={() => void exportReport(handoverSheet(report, t))}
              data-testid="shift-export"
            >
              {t('shift.export')}
            </Button>
          </Flex>
        </Flex>
      )}

      <Heading size="sm">{t('shift.history')}</Heading>
      <Table.Root size="sm" variant="outline" data-testid="shift-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('shift.col.user')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shift.col.open')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shift.col.close')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shift.col.state')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('shift.col.overShort')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shift.col.handedTo')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shifts.map((s) => (
            <Table.Row key={s.shiftId} data-testid={`shift-row-${s.shiftId}`}>
              <Table.Cell>{s.userName}</Table.Cell>
              <Table.Cell>{s.openTime}</Table.Cell>
              <Table.Cell>{s.closeTime ?? ''}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={s.state === 'open' ? 'green' : 'gray'}>
                  {t(`shift.state.${s.state}`)}
                </Badge>
                {s.closedBy === 'audit' && (
                  <Text as="span" ms="2" fontSize="xs">
                    {t('shift.closedByAudit')}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {s.overShortCents === null ? '' : formatMoney(s.overShortCents)}
              </Table.Cell>
              <Table.Cell>{s.handedToName}</Table.Cell>
              <Table.Cell>
                <Flex gap="2">
                  {s.state === 'closed' && (
                    <Link href={shiftPrintPath(s.shiftId)} target="_blank" fontSize="sm">
                      {t('shift.print')}
                    </Link>
                  )}
                  {s.state === 'closed' &&
                    !s.handedToName &&
                    s.userId !== me &&
                    can(ShiftPermission.open) && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => void takeOver(s)}
                        data-testid="shift-take-over"
                      >
                        {t('shift.takeOver')}
                      </Button>
                    )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
    </Flex>
  )
}
