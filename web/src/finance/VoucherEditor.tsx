// The voucher editor: date, attachments, remark and the lines (a leaf subject, summary, debit or credit in yuan) with
// the live totals and the debit/credit difference; it saves only a balanced voucher (the server checks again).
import {
  Button,
  Dialog,
  Field,
  Flex,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Table,
  Text,
} from '@chakra-ui/react'
import type { Voucher } from '@pms/protocol/api/finance'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney, moneyInput } from '../ui/crud/money.ts'
import { voucherApi } from './api.ts'
import { f, today } from './labels.ts'
import { subjectOptions, useBooks } from './useBooks.ts'
import { checkDraft, emptyLine, type LineDraft, totalsOf } from './voucherLines.ts'

interface Props {
  open: boolean
  /** The draft to edit (with lines); none: a new voucher. */
  voucher?: Voucher
  onClose: () => void
  onSaved: () => void
}

export function VoucherEditor({ open, voucher, onClose, onSaved }: Props) {
  const t = useT()
  const { subjects } = useBooks(open ? 1 : 0)
  const leaves = subjectOptions(subjects, true)
  const [date, setDate] = useState(today())
  const [attachments, setAttachments] = useState('0')
  const [remark, setRemark] = useState('')
  const [lines, setLines] = useState<LineDraft[]>([emptyLine(), emptyLine()])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)

  const seed = open ? JSON.stringify(voucher?.voucherId ?? 'new') : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: seeded each time the dialog opens on a voucher.
  useEffect(() => {
    if (!seed) return
    setDate(voucher?.voucherDate ?? today())
    setAttachments(String(voucher?.attachments ?? 0))
    setRemark(voucher?.remark ?? '')
    setLines(
      voucher?.lines?.map((l) => ({
        subjectId: String(l.subjectId),
        summary: l.summary,
        debit: l.debitCents ? moneyInput(l.debitCents) : '',
        credit: l.creditCents ? moneyInput(l.creditCents) : '',
      })) ?? [emptyLine(), emptyLine()],
    )
    setError('')
  }, [seed])

  const totals = totalsOf(lines)
  const change = (i: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)))

  const save = async () => {
    const checked = checkDraft(lines)
    if (!checked.ok) {
      setError(
        checked.reason === 'line'
          ? t('financeConsole.lineInvalid', [checked.line])
          : checked.reason === 'tooFew'
            ? t('finance.tooFewLines', [t('financeConsole.entries')])
            : t('finance.unbalanced', [t('financeConsole.entries'), formatMoney(totals.differenceCents)]),
      )
      return
    }
    setError('')
    setSaving(true)
    try {
      const body = {
        voucherDate: date,
        attachments: Number(attachments) || 0,
        remark: remark.trim(),
        lines: checked.lines,
      }
      if (voucher) await voucherApi.edit({ ...body, voucherId: voucher.voucherId })
      else await voucherApi.add(body)
      notifySuccess(voucher ? 'edit' : 'add')
      onSaved()
      onClose()
    } catch {
      // The request layer shows the server's message; the editor stays open.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="voucher-editor">
            <Dialog.Header>
              <Dialog.Title>
                {t(voucher ? 'financeConsole.editVoucher' : 'financeConsole.addVoucher')}
                {voucher ? ` ${voucher.period}-${voucher.voucherNo}` : ''}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mb="3">
                <Field.Root required>
                  <Field.Label fontSize="sm">{t(f('date'))}</Field.Label>
                  <Input
                    size="sm"
                    type="date"
                    value={date}
                    onChange={(e) => setDate(e.target.value)}
                    data-testid="voucher-date"
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label fontSize="sm">{t(f('attachments'))}</Field.Label>
                  <Input
                    size="sm"
                    inputMode="numeric"
                    value={attachments}
                    onChange={(e) => setAttachments(e.target.value)}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label fontSize="sm">{t(f('remark'))}</Field.Label>
                  <Input
                    size="sm"
                    value={remark}
                    maxLength={500}
                    onChange={(e) => setRemark(e.target.value)}
                  />
                </Field.Root>
              </SimpleGrid>
              <Table.Root size="sm" variant="outline" data-testid="voucher-lines">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t(f('summary'))}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t(f('subject'))}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t(f('debit'))}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t(f('credit'))}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place.
                    <Table.Row key={i} data-testid={`voucher-line-${i}`}>
                      <Table.Cell>
                        <Input
                          size="xs"
                          value={l.summary}
                          maxLength={200}
                          onChange={(e) => change(i, { summary: e.target.value })}
                          data-testid="line-summary"
                        />
                      </Table.Cell>
                      <Table.Cell minW="200px">
                        <NativeSelect.Root size="xs">
                          <NativeSelect.Field
                            value={l.subjectId}
                            onChange={(e) => change(i, { subjectId: e.target.value })}
                            data-testid="line-subject"
                          >
                            <option value="">{t('financeConsole.pickSubject')}</option>
                            {leaves.map((o) => (
                              <option key={o.value} value={o.value}>
                                {o.label}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Table.Cell>
                      <Table.Cell>
                        <Input
                          size="xs"
                          textAlign="end"
                          inputMode="decimal"
                          placeholder="0.00"
                          value={l.debit}
                          onChange={(e) => change(i, { debit: e.target.value })}
                          data-testid="line-debit"
                        />
                      </Table.Cell>
                      <Table.Cell>
                        <Input
                          size="xs"
                          textAlign="end"
                          inputMode="decimal"
                          placeholder="0.00"
                          value={l.credit}
                          onChange={(e) => change(i, { credit: e.target.value })}
                          data-testid="line-credit"
                        />
                      </Table.Cell>
                      <Table.Cell>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t('financeConsole.removeLine')}
                          disabled={lines.length <= 2}
                          onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                        >
                          ×
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                  <Table.Row fontWeight="bold">
                    <Table.Cell colSpan={2}>{t('financeConsole.total')}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="voucher-debit-total">
                      {formatMoney(totals.debitCents)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" data-testid="voucher-credit-total">
                      {formatMoney(totals.creditCents)}
                    </Table.Cell>
                    <Table.Cell />
                  </Table.Row>
                </Table.Body>
              </Table.Root>
              <Flex mt="2" gap="3" align="center">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setLines((all) => [...all, emptyLine(all.at(-1)?.summary)])}
                  data-testid="voucher-add-line"
                >
                  {t('financeConsole.addLine')}
                </Button>
                <Text
                  fontSize="sm"
                  color={totals.differenceCents ? 'red.500' : 'green.600'}
                  data-testid="voucher-difference"
                >
                  {totals.differenceCents
                    ? `${t('financeConsole.difference')}: ${formatMoney(totals.differenceCents)}`
                    : t('financeConsole.balanced')}
                </Text>
              </Flex>
              {error && (
                <Text mt="2" fontSize="sm" color="red.500" data-testid="voucher-error">
                  {error}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('financeConsole.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={saving}
                onClick={() => void save()}
                data-testid="voucher-save"
              >
                {t('financeConsole.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
