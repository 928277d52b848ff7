// A voucher laid out for printing (the accounting voucher form): header, lines, totals, maker and auditor.
import { Box, Button, Dialog, Flex, Portal, Table, Text } from '@chakra-ui/react'
import type { Voucher } from '@pms/protocol/api/finance'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { cents, f } from './labels.ts'

export function VoucherPrint({ voucher, onClose }: { voucher?: Voucher; onClose: () => void }) {
  const t = useT()
  return (
    <Dialog.Root open={Boolean(voucher)} onOpenChange={(e) => !e.open && onClose()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="voucher-print">
            <Dialog.Body pt="6">
              {voucher && (
                <Box className="printable">
                  <Text textAlign="center" fontSize="xl" fontWeight="bold">
                    {t('financeConsole.voucherTitle')}
                  </Text>
                  <Flex justify="space-between" fontSize="sm" my="2">
                    <Text>
                      {t(f('date'))}: {voucher.voucherDate}
                    </Text>
                    <Text>{t('financeConsole.voucherNo', [voucher.period, voucher.voucherNo])}</Text>
                    <Text>
                      {t(f('attachments'))}: {voucher.attachments}
                    </Text>
                  </Flex>
                  <Table.Root size="sm" variant="outline">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t(f('summary'))}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t(f('subject'))}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t(f('debit'))}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t(f('credit'))}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {voucher.lines?.map((l) => (
                        <Table.Row key={l.lineNo}>
                          <Table.Cell>{l.summary}</Table.Cell>
                          <Table.Cell>{`${l.subjectCode} ${l.subjectName}`}</Table.Cell>
                          <Table.Cell textAlign="end">{cents(l.debitCents)}</Table.Cell>
                          <Table.Cell textAlign="end">{cents(l.creditCents)}</Table.Cell>
                        </Table.Row>
                      ))}
                      <Table.Row fontWeight="bold">
                        <Table.Cell colSpan={2}>{t('financeConsole.total')}</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(voucher.debitCents)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(voucher.creditCents)}</Table.Cell>
                      </Table.Row>
                    </Table.Body>
                  </Table.Root>
                  <Text fontSize="sm" mt="2">
                    {t('financeConsole.makerAuditor', [voucher.makerName, voucher.auditorName ?? ''])}
                  </Text>
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('financeConsole.cancel')}
              </Button>
              <Button colorPalette="blue" onClick={() => window.print()} data-testid="voucher-print-button">
                {t('financeConsole.print')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
