// The history of one agency application: each submission and review, oldest first, with who and the remark.
import { Badge, Button, CloseButton, Dialog, Portal, Table, Text } from '@chakra-ui/react'
import type { AgencyApplication } from '@pms/protocol/api/agent-qualification'
import { agencyActionKey } from '@pms/protocol/api/agent-qualification'
import { qualificationStateKey } from '@pms/protocol/api/qualification'
import useSWR from 'swr'
import { useT } from '../i18n/t.ts'
import { stateColor } from '../qualification/ApplyDialog.tsx'
import { formatDateTime } from '../ui/format.ts'
import { agencyApi } from './agency-api.ts'

export function AgencyStateBadge({ state }: { state: number }) {
  const t = useT()
  return (
    <Badge colorPalette={stateColor(state)} data-testid="agency-state" data-state={state}>
      {t(qualificationStateKey(state))}
    </Badge>
  )
}

export function AgencyHistoryDialog({
  application,
  onClose,
}: {
  application: AgencyApplication | null
  onClose: () => void
}) {
  const t = useT()
  const { data } = useSWR(
    application ? ['agency-history', application.id, application.updateTime] : null,
    () => agencyApi.history(application!.id).then((r) => r.data ?? []),
  )
  if (!application) return null
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="agency-history">
            <Dialog.Header>
              <Dialog.Title>
                {t('agency.history.title')} · {application.agentName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('agency.history.time')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('agency.history.step')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('agency.field.state')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('agency.history.by')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('agency.field.remark')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {(data ?? []).map((h) => (
                    <Table.Row key={h.logId} data-testid="agency-history-row" data-action={h.action}>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(h.createTime)}</Table.Cell>
                      <Table.Cell>{t(agencyActionKey(h.action))}</Table.Cell>
                      <Table.Cell>
                        <AgencyStateBadge state={h.state} />
                      </Table.Cell>
                      <Table.Cell>{h.userName}</Table.Cell>
                      <Table.Cell>{h.remark}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              {data?.length === 0 && (
                <Text color="fg.muted" textAlign="center" py="4">
                  {t('agency.history.empty')}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('console.dialog.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
