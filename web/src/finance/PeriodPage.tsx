// Accounting periods: each month's vouchers and drafts, closed or open; close and reopen with confirmation (the server
// keeps the order: no drafts, earlier months closed first, later months reopened first); the maker ≠ auditor setting.
import { Badge, Button, Flex, Heading, Spinner, Switch, Table, Text } from '@chakra-ui/react'
import { type Period, VoucherAction } from '@pms/protocol/api/finance'
import { useCallback, useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { periodApi } from './api.ts'
import { f } from './labels.ts'

export default function PeriodPage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const [periods, setPeriods] = useState<Period[]>([])
  const [mustDiffer, setMustDiffer] = useState<boolean>()
  const [loading, setLoading] = useState(false)
  const canSeeSetting = can(VoucherAction.settingQuery)
  const load = useCallback(async () => {
    setLoading(true)
    try {
      setPeriods((await periodApi.list()).data ?? [])
      if (canSeeSetting) setMustDiffer((await periodApi.setting()).data?.auditorMustDiffer)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }, [canSeeSetting])
  useEffect(() => {
    void load()
  }, [load])

  const change = async (p: Period, to: 'close' | 'reopen') => {
    if (
      !(await confirmAction(
        t(to === 'close' ? 'financeConsole.confirmClose' : 'financeConsole.confirmReopen', [p.period]),
      ))
    )
      return
    try {
      await (to === 'close' ? periodApi.close(p.period) : periodApi.reopen(p.period))
      notifySuccess('operation')
      void load()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="period-page">
      <Heading size="md">{t('financeConsole.menu.period')}</Heading>
      <Flex gap="3" align="center">
        {mustDiffer !== undefined && (
          <Switch.Root
            size="sm"
            checked={mustDiffer}
            disabled={!can(VoucherAction.settingEdit)}
            onCheckedChange={async (e) => {
              try {
                await periodApi.saveSetting({ auditorMustDiffer: e.checked })
                setMustDiffer(e.checked)
                notifySuccess('edit')
              } catch {
                // Shown by the request layer.
              }
            }}
          >
            <Switch.HiddenInput data-testid="auditor-must-differ" />
            <Switch.Control />
            <Switch.Label>{t('financeConsole.auditorMustDiffer')}</Switch.Label>
          </Switch.Root>
        )}
        {loading && <Spinner size="sm" />}
      </Flex>
      <Table.Root size="sm" variant="outline" data-testid="period-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t(f('period'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('state'))}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(f('vouchers'))}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(f('drafts'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('closedBy'))}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {periods.map((p) => (
            <Table.Row key={p.period} data-testid={`period-${p.period}`}>
              <Table.Cell>{p.period}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={p.state === 'closed' ? 'gray' : 'green'}>
                  {t(`financeConsole.periodState.${p.state}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{p.vouchers}</Table.Cell>
              <Table.Cell textAlign="end">{p.drafts}</Table.Cell>
              <Table.Cell>{p.closedBy ?? ''}</Table.Cell>
              <Table.Cell>
                {can(VoucherAction.periodClose) && (
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => void change(p, p.state === 'open' ? 'close' : 'reopen')}
                    data-testid="period-toggle"
                  >
                    {t(p.state === 'open' ? 'financeConsole.close' : 'financeConsole.reopen')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {!loading && periods.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('financeConsole.noData')}
        </Text>
      )}
    </Flex>
  )
}
