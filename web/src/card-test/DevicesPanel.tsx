// Devices the bridge sees, their state and why a kind is unavailable; the bridge's own version and its update.
import { Badge, Flex, Heading, Link, Table, Text } from '@chakra-ui/react'
import type { BridgeDevicesView, BridgeHealth } from '@pms/protocol/api/bridge-devices'
import { useT } from '../i18n/t.ts'

const STATE_PALETTE = {
  ready: 'green',
  busy: 'blue',
  opening: 'blue',
  closed: 'gray',
  unavailable: 'orange',
  error: 'red',
} as const

/** The running bridge's version and, when the platform published a newer pms-bridge, which one and where to get it. */
function BridgeVersion({ health }: { health: BridgeHealth }) {
  const t = useT()
  const update = health.update
  return (
    <Flex gap="2" align="center" fontSize="sm" wrap="wrap" data-testid="test-bridge-version">
      <Text color="fg.muted" data-testid="test-bridge-current">
        {t('cardConsole.test.version', [health.version])}
      </Text>
      {update?.updateAvailable ? (
        <>
          <Badge colorPalette="orange" data-testid="test-bridge-update">
            {t('cardConsole.test.updateAvailable', [update.latestVersion])}
          </Badge>
          <Link href={update.href} target="_blank" rel="noreferrer" data-testid="test-bridge-update-link">
            {t('cardConsole.test.updateGet')}
          </Link>
        </>
      ) : (
        update && <Badge colorPalette="green">{t('cardConsole.test.upToDate')}</Badge>
      )}
    </Flex>
  )
}

export function DevicesPanel({
  view,
  health,
}: {
  view: BridgeDevicesView | null
  health: BridgeHealth | null
}) {
  const t = useT()
  return (
    <Flex direction="column" gap="2" data-testid="test-devices">
      <Flex gap="2" align="center">
        <Heading size="sm">{t('cardConsole.test.devices')}</Heading>
        {view?.simulate && <Badge colorPalette="purple">{t('cardConsole.test.simulate')}</Badge>}
      </Flex>
      {health && <BridgeVersion health={health} />}
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
