// Server calls of the shift screens (protocol/src/api/shifts.ts).
import type { PageResult, Result } from '@pms/protocol'
import type { Shift, ShiftCloseBody, ShiftOpenBody, ShiftReport } from '@pms/protocol/api/shifts'
import { http } from '../api/request.ts'

export const shiftApi = {
  current: () => http.get<Result<Shift | null>>('/pms/pmsShift/current'),
  open: (body: ShiftOpenBody) => http.post<Result<Shift>>('/pms/pmsShift/open', body),
  close: (body: ShiftCloseBody) => http.post<Result<ShiftReport>>('/pms/pmsShift/close', body),
  takeOver: (shiftId: number) => http.post<Result<Shift>>(`/pms/pmsShift/handover/${shiftId}`),
  list: (pageNum: number, pageSize = 10) =>
    http.get<PageResult<Shift>>('/pms/pmsShift/list', { pageNum, pageSize }),
  report: (shiftId: number) => http.get<Result<ShiftReport>>(`/pms/pmsShift/report/${shiftId}`),
}

/** The printable handover report of a closed shift. */
export const shiftPrintPath = (shiftId: number) => `/pmsShift/print?shiftId=${shiftId}`
