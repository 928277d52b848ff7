// Port settings and card-reader port settings (SPEC §2.9): this desk's serial ports as its bridge sees them; for each,
// what it is used as (automatic, encoder, card reader, not used) and its baud rate, a test (beep or read the card's
// UID) on the chosen settings, and save, kept in the bridge's configuration file. The clerk sees, without the buttons.
import { Badge, Button, Flex, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react'
import {
  DEFAULT_PORT_BAUD_RATE,
  PORT_BAUD_RATES,
  PORT_PERMISSION,
  PORT_ROLES,
  type PortRole,
  type PortsView,
  type PortView,
} from '@pms/protocol/api/bridge-devices'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useT } from '../i18n/t.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'

type Choice = { role: PortRole | ''; baudRate: number }
type Outcome = { ok: boolean; text: string }

function Select(props: {
  value: string
  onChange: (v: string) => void
  options: { value: string; label: string }[]
  testId: string
  disabled?: boolean
}) {
  return (
    <NativeSelect.Root size="sm" width="auto" disabled={props.disabled}>
      <NativeSelect.Field
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

function PortRow({
  port,
  canEdit,
  onSaved,
}: {
  port: PortView
  canEdit: boolean
  onSaved: (v: PortsView) => void
}) {
  const t = useT()
  const [choice, setChoice] = useState<Choice>({
    role: port.setting?.role ?? '',
    baudRate: port.setting?.baudRate ?? DEFAULT_PORT_BAUD_RATE,
  })
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const attempt = async (work: () => Promise<Outcome | undefined>) => {
    setBusy(true)
    try {
      const done = await work()
      if (done) setOutcome(done)
    } catch (error) {
      setOutcome({ ok: false, text: bridgeErrorText(error, t) })
    } finally {
      setBusy(false)
    }
  }
  const test = (action: 'beep' | 'readUid') =>
    attempt(async () => {
      const result = await bridgeApi.testPort({ path: port.path, baudRate: choice.baudRate, action })
      return { ok: true, text: t('devicePort.test.ok', [result.firmware, result.text]) }
    })
  const save = () =>
    attempt(async () => {
      const view =
        choice.role === ''
          ? await bridgeApi.resetPort(port.path)
          : await bridgeApi.savePort({ path: port.path, role: choice.role, baudRate: choice.baudRate })
      feedback.toast('success', t(choice.role === '' ? 'devicePort.removed' : 'devicePort.saved'))
      onSaved(view)
      return undefined
    })
  const device = port.device
  return (
    <Table.Row data-testid="port-row" data-path={port.path}>
      <Table.Cell fontFamily="mono">{port.path}</Table.Cell>
      <Table.Cell>{port.vendorId ? `${port.vendorId}:${port.productId ?? ''}` : ''}</Table.Cell>
      <Table.Cell data-testid="port-state" data-state={device?.state ?? (port.present ? 'none' : 'absent')}>
        {!port.present ? (
          <Badge colorPalette="gray">{t('devicePort.absent')}</Badge>
        ) : device ? (
          <Stack gap="0">
            <Badge colorPalette={device.state === 'ready' || device.state === 'busy' ? 'green' : 'red'}>
              {t(`devicePort.role.${device.info?.role === 'reader' ? 'reader' : 'encoder'}`)} · {device.state}
            </Badge>
            {device.reason && (
              <Text fontSize="xs" color="fg.error">
                {device.reason.text}
              </Text>
            )}
          </Stack>
        ) : (
          <Text color="fg.muted">{t('devicePort.none')}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Select
          value={choice.role}
          disabled={!canEdit}
          onChange={(v) => setChoice({ ...choice, role: v as PortRole | '' })}
          testId="port-role"
          options={[
            { value: '', label: t('devicePort.role.auto') },
            ...PORT_ROLES.map((r) => ({ value: r, label: t(`devicePort.role.${r}`) })),
          ]}
        />
      </Table.Cell>
      <Table.Cell>
        <Select
          value={String(choice.baudRate)}
          disabled={!canEdit}
          onChange={(v) => setChoice({ ...choice, baudRate: Number(v) })}
          testId="port-baud"
          options={PORT_BAUD_RATES.map((b) => ({ value: String(b), label: String(b) }))}
        />
      </Table.Cell>
      <Table.Cell>
        {canEdit && (
          <Flex gap="1" wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              loading={busy}
              onClick={() => void test('beep')}
              data-testid="port-beep"
            >
              {t('devicePort.beep')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              loading={busy}
              onClick={() => void test('readUid')}
              data-testid="port-read"
            >
              {t('devicePort.readUid')}
            </Button>
            <Button size="xs" loading={busy} onClick={() => void save()} data-testid="port-save">
              {choice.role === '' && port.setting ? t('devicePort.reset') : t('devicePort.save')}
            </Button>
          </Flex>
        )}
        {outcome && (
          <Text
            fontSize="sm"
            color={outcome.ok ? 'fg.success' : 'fg.error'}
            data-testid="port-outcome"
            data-ok={outcome.ok}
          >
            {outcome.text}
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  )
}

export default function PortSettingsPage() {
  const t = useT()
  const permissions = usePermissions()
  const canEdit = permitted([{ permission: PORT_PERMISSION }], permissions).length > 0
  const [view, setView] = useState<PortsView | null>(null)
  const [failure, setFailure] = useState('')
  const load = useCallback(async () => {
    try {
      setView(await bridgeApi.ports())
      setFailure('')
    } catch (error) {
      setFailure(bridgeErrorText(error, t) || t('devicePort.noBridge'))
    }
  }, [t])
  useEffect(() => {
    void load()
  }, [load])

  return (
    <Stack gap="3" data-testid="port-settings">
      <Flex gap="2" align="center">
        <Heading size="md">{t('devicePort.title')}</Heading>
        {/* A saved port reopens on its new settings in the background: refresh shows how it went. */}
        <Button size="xs" variant="outline" onClick={() => void load()} data-testid="port-refresh">
          {t('devicePort.refresh')}
        </Button>
      </Flex>
      {view && <Text color="fg.muted">{t('devicePort.hint', [view.configFile])}</Text>}
      {!canEdit && <Text color="fg.muted">{t('devicePort.readOnly')}</Text>}
      {failure && (
        <Text color="fg.error" data-testid="port-failure">
          {failure}
        </Text>
      )}
      {view && view.ports.length === 0 && <Text>{t('devicePort.empty')}</Text>}
      {view && view.ports.length > 0 && (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('devicePort.path')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('devicePort.usb')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('devicePort.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('devicePort.role')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('devicePort.baudRate')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.ports.map((port) => (
              <PortRow
                key={`${port.path}:${port.setting?.role ?? ''}:${port.setting?.baudRate ?? ''}`}
                port={port}
                canEdit={canEdit}
                onSaved={setView}
              />
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}
