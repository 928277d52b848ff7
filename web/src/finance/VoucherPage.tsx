// Vouchers (component finance/fJournalAccount/index): the list with state and period filters; new and edit in the
// voucher editor; audit, reverse audit and reversing vouchers with confirmation; print; xlsx export of the page.

import { Badge, Button, Flex, Heading, Input, NativeSelect, Spinner, Table, Text } from '@chakra-ui/react'
import { FinancePermission, type Voucher, VoucherAction } from '@pms/protocol/api/finance'
import { moneyCell } from '@pms/protocol/format/sheet-cell'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { PageBar } from '../ui/crud/PageBar.tsx'
import { crudPermissions, permitted } from '../ui/crud/permissions.ts'
import { useCrudList } from '../ui/crud/useCrudList.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { voucherApi } from './api.ts'
import { exportSheet } from './exportSheet.ts'
import { f, today, VOUCHER_STATES } from './labels.ts'
import { VoucherEditor } from './VoucherEditor.tsx'
import { VoucherPrint } from './VoucherPrint.tsx'

export default function VoucherPage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const perms = crudPermissions(FinancePermission.voucher)
  const list = useCrudList<Voucher>({ list: voucherApi.list, idKey: 'voucherId', enabled: can(perms.list) })
  const [state, setState] = useState('')
  const [period, setPeriod] = useState('')
  const [editing, setEditing] = useState<{ voucher?: Voucher } | null>(null)
  const [printing, setPrinting] = useState<Voucher>()
  const label = (v: Voucher) => `${v.period}-${v.voucherNo}`

  const run = async (ask: string, work: () => Promise<unknown>, done: string) => {
    if (!(await confirmAction(ask))) return
    try {
      await work()
      notifySuccess(done === 'delete' ? 'delete' : 'operation')
      void list.reload()
    } catch {
      // Shown by the request layer.
    }
  }
  const load = async (v: Voucher) => (await voucherApi.get(v.voucherId)).data
  const edit = async (v: Voucher) => setEditing({ voucher: await load(v) })
  const print = async (v: Voucher) => setPrinting(await load(v))

  // Every voucher the filters match (not only the page shown), with the columns the list shows.
  const exportPage = async () => {
    const all = (await voucherApi.listAll(list.filters)).data ?? []
    await exportSheet(
      t('financeConsole.menu.voucher'),
      [
        f('voucherNo'),
        f('date'),
        f('remark'),
        f('debit'),
        f('credit'),
        f('maker'),
        f('auditor'),
        f('state'),
      ].map((k) => t(k)),
      all.map((v) => [
        label(v),
        v.voucherDate,
        v.reversesId ? t('financeConsole.reversesOf', [v.remark]) : v.remark,
        moneyCell(v.debitCents),
        moneyCell(v.creditCents),
        v.makerName,
        v.auditorName ?? '',
        t(`financeConsole.voucherState.${v.state}`),
      ]),
    )
  }

  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="voucher-page">
      <Heading size="md">{t('financeConsole.menu.voucher')}</Heading>
      <Flex gap="2" wrap="wrap" align="end">
        <NativeSelect.Root size="sm" width="160px">
          <NativeSelect.Field
            value={state}
            onChange={(e) => setState(e.target.value)}
            data-testid="voucher-state-filter"
          >
            <option value="">{t('crud.all')}</option>
            {VOUCHER_STATES.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          width="160px"
          placeholder={`${t(f('period'))} YYYYMM`}
          value={period}
          onChange={(e) => setPeriod(e.target.value.trim())}
          data-testid="voucher-period-filter"
        />
        <Button size="sm" onClick={() => list.search({ state, period })} data-testid="voucher-search">
          {t('financeConsole.query')}
        </Button>
      </Flex>
      <Flex gap="2" align="center" wrap="wrap">
        {can(perms.add) && (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing({})} data-testid="voucher-add">
            {t('financeConsole.addVoucher')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void exportPage()} data-testid="voucher-export">
          {t('financeConsole.export')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void list.reload()}>
          {t('crud.refresh')}
        </Button>
        {list.loading && <Spinner size="sm" />}
      </Flex>
      <Table.Root size="sm" variant="outline" data-testid="voucher-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t(f('voucherNo'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('date'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('remark'))}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(f('debit'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('maker'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('auditor'))}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(f('state'))}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.rows.map((v) => (
            <Table.Row key={v.voucherId} data-testid={`voucher-row-${label(v)}`}>
              <Table.Cell>{label(v)}</Table.Cell>
              <Table.Cell>{v.voucherDate}</Table.Cell>
              <Table.Cell>{v.reversesId ? t('financeConsole.reversesOf', [v.remark]) : v.remark}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(v.debitCents)}</Table.Cell>
              <Table.Cell>{v.makerName}</Table.Cell>
              <Table.Cell>{v.auditorName ?? ''}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={v.state === 'audited' ? 'green' : 'orange'} data-testid="voucher-state">
                  {t(`financeConsole.voucherState.${v.state}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="wrap">
                  <Button size="xs" variant="ghost" onClick={() => void print(v)} data-testid="voucher-view">
                    {t('financeConsole.print')}
                  </Button>
                  {v.state === 'draft' && can(perms.edit) && (
                    <Button size="xs" variant="ghost" onClick={() => void edit(v)} data-testid="voucher-edit">
                      {t('crud.edit')}
                    </Button>
                  )}
                  {v.state === 'draft' && can(VoucherAction.audit) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="green"
                      data-testid="voucher-audit"
                      onClick={() =>
                        void run(
                          t('financeConsole.confirmAudit', [label(v)]),
                          () => voucherApi.audit([v.voucherId]),
                          'audit',
                        )
                      }
                    >
                      {t('financeConsole.audit')}
                    </Button>
                  )}
                  {v.state === 'audited' &&
                    v.source === 'manual' &&
                    !v.reversedById &&
                    can(VoucherAction.antiAudit) && (
                      <Button
                        size="xs"
                        variant="ghost"
                        data-testid="voucher-anti-audit"
                        onClick={() =>
                          void run(
                            t('financeConsole.confirmAntiAudit', [label(v)]),
                            () => voucherApi.antiAudit(v.voucherId),
                            'anti',
                          )
                        }
                      >
                        {t('financeConsole.antiAudit')}
                      </Button>
                    )}
                  {v.state === 'audited' && !v.reversedById && can(perms.add) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      data-testid="voucher-reverse"
                      onClick={() =>
                        void run(
                          t('financeConsole.confirmReverse', [label(v)]),
                          () => voucherApi.reverse(v.voucherId, today()),
                          'reverse',
                        )
                      }
                    >
                      {t('financeConsole.reverse')}
                    </Button>
                  )}
                  {v.state === 'draft' && can(perms.remove) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      data-testid="voucher-delete"
                      onClick={() =>
                        void run(
                          t('crud.confirmDelete', [label(v)]),
                          () => voucherApi.remove([v.voucherId]),
                          'delete',
                        )
                      }
                    >
                      {t('crud.delete')}
                    </Button>
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {!list.loading && list.rows.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('financeConsole.noData')}
        </Text>
      )}
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      <VoucherEditor
        open={editing !== null}
        voucher={editing?.voucher}
        onClose={() => setEditing(null)}
        onSaved={() => void list.reload()}
      />
      <VoucherPrint voucher={printing} onClose={() => setPrinting(undefined)} />
    </Flex>
  )
}
