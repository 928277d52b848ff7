// The bridge device API, typed from protocol/src/api/bridge-devices.ts (the producer's contract).
import type {
  BeepResultView,
  BleAddCardRequest,
  BleDeleteCardRequest,
  BleLockStatusView,
  BleRecordsView,
  BleScanResult,
  BridgeDevicesView,
  BridgeHealth,
  CardEraseRequest,
  CardEraseResult,
  CardIssueOnDeviceRequest,
  CardIssueOnDeviceResult,
  CardReadRequest,
  CardReadResult,
  CardTestRequest,
  CardTestResult,
  CardWriteRequest,
  CardWriteResult,
  PortSetting,
  PortsView,
  PortTestRequest,
  PortTestResult,
  SimCardsView,
  SimCardView,
} from '@pms/protocol/api/bridge-devices'
import type { Translate } from '../i18n/translate.ts'
import { BridgeError, bridge } from './client.ts'

export const bridgeApi = {
  health: () => bridge.get<BridgeHealth>('/health'),
  devices: () => bridge.get<BridgeDevicesView>('/devices'),
  read: (body: CardReadRequest = {}) => bridge.post<CardReadResult>('/card/read', body),
  issue: (body: CardIssueOnDeviceRequest) => bridge.post<CardIssueOnDeviceResult>('/card/issue', body),
  write: (body: CardWriteRequest) => bridge.post<CardWriteResult>('/card/write', body),
  testCard: (body: CardTestRequest = {}) => bridge.post<CardTestResult>('/card/test', body),
  erase: (body: CardEraseRequest = {}) => bridge.post<CardEraseResult>('/card/erase', body),
  beep: (deviceId?: string) => bridge.post<BeepResultView>('/beep', deviceId ? { deviceId } : {}),
  bleScan: (durationMs?: number) => bridge.post<BleScanResult>('/ble/scan', durationMs ? { durationMs } : {}),
  bleStatus: (mac: string) => bridge.get<BleLockStatusView>(`/ble/locks/${encodeURIComponent(mac)}/status`),
  bleRecords: (mac: string, start: number, count: number) =>
    bridge.post<BleRecordsView>(`/ble/locks/${encodeURIComponent(mac)}/records`, { start, count }),
  bleAddCard: (mac: string, body: BleAddCardRequest) =>
    bridge.post<{ mac: string }>(`/ble/locks/${encodeURIComponent(mac)}/add-card`, body),
  bleDeleteCard: (mac: string, body: BleDeleteCardRequest) =>
    bridge.post<{ mac: string }>(`/ble/locks/${encodeURIComponent(mac)}/delete-card`, body),
  ports: () => bridge.get<PortsView>('/ports'),
  savePort: (setting: PortSetting) => bridge.send<PortsView>('PUT', '/ports', setting),
  resetPort: (path: string) => bridge.send<PortsView>('POST', '/ports/remove', { path }),
  testPort: (body: PortTestRequest) => bridge.send<PortTestResult>('POST', '/ports/test', body),
  simCards: () => bridge.get<SimCardsView>('/sim/cards'),
  simNewCard: () => bridge.post<SimCardView>('/sim/cards'),
  simPlace: (uid: string) => bridge.post<SimCardView>(`/sim/cards/${encodeURIComponent(uid)}/place`),
  simRemove: (uid: string) => bridge.post<SimCardView>(`/sim/cards/${encodeURIComponent(uid)}/remove`),
}

/** The text to show for a failed bridge call: the bridge's own words, or why it could not be reached. */
export function bridgeErrorText(error: unknown, t: Translate): string {
  if (error instanceof BridgeError && error.message) return error.message
  if (error instanceof BridgeError) return t('cardConsole.bridge.unreachable')
  return error instanceof Error && error.message ? error.message : t('cardConsole.bridge.unreachable')
}
