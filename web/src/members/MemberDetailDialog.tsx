// One member: profile, balances (base, gift) and points, grade progress, the member's records, stored-value and points
// flows and stays page by page (MemberActivity), and the history of state, blacklist and grade changes.
import { Badge, Button, Dialog, Flex, Portal, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { type MemberDetail, MemberPermission, type MemberRecordView } from '@pms/protocol/api/members'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { memberApi } from './api.ts'
import { MemberActivity } from './MemberActivity.tsx'
import { WithdrawDialog } from './WithdrawDialog.tsx'

export function MemberDetailDialog({ memberId, onClose }: { memberId: number | null; onClose: () => void }) {
  const t = useT()
  const permissions = usePermissions()
  const [detail, setDetail] = useState<MemberDetail | null>(null)
  const [refunding, setRefunding] = useState<MemberRecordView | null>(null)
  const [version, setVersion] = useState(0)
  const canRefund = hasPermission({ permissions }, [MemberPermission.refund])

  // Read again when the member changes or after a refund here (`version`).
  useEffect(() => {
    setDetail(null)
    if (!memberId) return
    void version
    memberApi
      .detail(memberId)
      .then((res) => setDetail(res.data ?? null))
      .catch(() => setDetail(null))
  }, [memberId, version])

  const stat = (label: string, value: string, testId: string) => (
    <Stat.Root borderWidth="1px" rounded="md" p="2" data-testid={testId}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
    </Stat.Root>
  )
  const signed = (cents: number) =>
    cents > 0 ? `+${formatMoney(cents)}` : cents < 0 ? formatMoney(cents) : ''

  return (
    <Dialog.Root open={memberId !== null} onOpenChange={(e) => !e.open && onClose()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="member-detail">
            <Dialog.Header>
              <Dialog.Title>
                {detail?.name} · {detail?.cardNo}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {detail && (
                <Stack gap="3">
                  <Flex gap="3" wrap="wrap" fontSize="sm">
                    <Text>{detail.phone}</Text>
                    <Text>{detail.gradeName ?? t('members.noGrade')}</Text>
                    <Badge>{t(`members.state.${detail.state}`)}</Badge>
                    {detail.blacklist && (
                      <Badge colorPalette="red">
                        {t('members.field.blacklist')}
                        {detail.blacklistReason ? ` · ${detail.blacklistReason}` : ''}
                      </Badge>
                    )}
                    <Text>
                      {t('members.field.expireDate')}: {detail.expireDate ?? t('members.validity.forever')}
                    </Text>
                    {detail.unusable && <Text color="fg.error">{detail.unusable}</Text>}
                  </Flex>
                  <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
                    {stat(t('members.field.balance'), formatMoney(detail.balanceCents), 'member-balance')}
                    {stat(t('members.field.base'), formatMoney(detail.baseCents), 'member-base')}
                    {stat(t('members.field.giftBalance'), formatMoney(detail.giftCents), 'member-gift')}
                    {stat(t('members.field.points'), String(detail.points), 'member-points')}
                  </SimpleGrid>
                  {detail.progress && (
                    <Text fontSize="sm" data-testid="member-grade-progress">
                      {t(`members.progress.${detail.progress.upgradeWay}`, [
                        detail.progress.gradeName,
                        detail.progress.upgradeWay === 'amount'
                          ? formatMoney(detail.progress.current)
                          : detail.progress.current,
                        detail.progress.upgradeWay === 'amount'
                          ? formatMoney(detail.progress.threshold)
                          : detail.progress.threshold,
                      ])}
                    </Text>
                  )}
                  <MemberActivity
                    memberId={detail.memberId}
                    version={version}
                    signed={signed}
                    onRefund={canRefund ? setRefunding : undefined}
                  />
                  {detail.history.length > 0 && (
                    <>
                      <Text fontWeight="semibold">{t('members.history')}</Text>
                      <Table.Root size="sm" data-testid="member-history">
                        <Table.Body>
                          {detail.history.map((h) => (
                            <Table.Row key={h.logId}>
                              <Table.Cell>{h.createTime}</Table.Cell>
                              <Table.Cell>{t(`members.historyField.${h.field}`)}</Table.Cell>
                              <Table.Cell>
                                {h.fromValue} → {h.toValue}
                              </Table.Cell>
                              <Table.Cell>{h.reason}</Table.Cell>
                              <Table.Cell>{h.createByName}</Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('members.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      <WithdrawDialog
        recharge={refunding}
        onClose={() => setRefunding(null)}
        onDone={() => setVersion((v) => v + 1)}
      />
    </Dialog.Root>
  )
}
