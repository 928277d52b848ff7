// Server calls of the device screens (server/src/devices, protocol/src/api/devices.ts).
import type { Result } from '@pms/protocol'
import type {
  BindingTree,
  BindRequest,
  DeviceView,
  LockSyncBindRequest,
  LockSyncProposal,
  LockSyncProposeRequest,
  ModelOption,
} from '@pms/protocol/api/devices'
import { http } from '../api/request.ts'
import { crudApi } from '../ui/crud/api.ts'

export const deviceCrudApi = crudApi<DeviceView>('/device/dvcDevice')

export const deviceApi = {
  models: () => http.get<Result<ModelOption[]>>('/device/dvcDevice/models', {}, { quiet: true }),
  tree: () => http.get<Result<BindingTree>>('/device/dvcDevice/tree'),
  bind: (body: BindRequest) => http.post<Result<DeviceView>>('/device/dvcDevice/bind', body),
  unbind: (deviceId: number) => http.post<Result<DeviceView>>('/device/dvcDevice/unbind', { deviceId }),
  replace: (roomId: number, deviceId: number) =>
    http.post<Result<DeviceView>>('/device/dvcDevice/replace', { roomId, deviceId }),
  propose: (body: LockSyncProposeRequest) =>
    http.post<Result<LockSyncProposal>>('/device/dvcDevice/syncLocks/propose', body),
  bindSynced: (body: LockSyncBindRequest) =>
    http.post<Result<DeviceView[]>>('/device/dvcDevice/syncLocks/bind', body),
}
