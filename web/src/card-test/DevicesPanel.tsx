// Devices the bridge sees, their state and why a kind is unavailable.
import { Badge, Flex, Heading, Table, Text } from '@chakra-ui/react'
import type { BridgeDevicesView } from '@pms/protocol/api/bridge-devices'
import { useT } from '../i18n/t.ts'

const STATE_PALETTE = {
  ready: 'green',
  busy: 'blue',
  opening: 'blue',
  closed: 'gray',
  unavailable: 'orange',
  error: 'red',
} as const

export function DevicesPanel({ view }: { view: BridgeDevicesView | null }) {
  const t = useT()
  return (
    <Flex direction="column" gap="2" data-testid="test-devices">
      <Flex gap="2" align="center">
        <Heading size="sm">{t('cardConsole.test.devices')}</Heading>
        {view?.simulate && <Badge colorPalette="purple">{t('cardConsole.test.simulate')}</Badge>}
      </Flex>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('cardConsole.test.deviceId')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardConsole.test.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardConsole.test.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('cardConsole.test.path')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(view?.devices ?? []).map((d) => (
            <Table.Row key={d.id} data-testid="test-device-row" data-kind={d.kind} data-state={d.state}>
              <Table.Cell fontFamily="mono">{d.id}</Table.Cell>
              <Table.Cell>
                {t(`device.kind.${d.kind}`)}
                {d.simulated && ` (${t('cardConsole.test.simulated')})`}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATE_PALETTE[d.state]}>{t(`device.state.${d.state}`)}</Badge>
                {d.reason && <Text fontSize="xs">{d.reason.text}</Text>}
              </Table.Cell>
              <Table.Cell fontFamily="mono">{d.path ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {(view?.kinds ?? [])
        .filter((k) => !k.available)
        .map((k) => (
          <Text key={k.kind} fontSize="sm" color="fg.muted">
            {t(`device.kind.${k.kind}`)}: {k.reason?.text ?? t('device.state.unavailable')}
          </Text>
        ))}
    </Flex>
  )
}
