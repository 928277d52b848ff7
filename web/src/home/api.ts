// The desk's day for the home page (GET /pms/pmsOrder/today).
import type { Result } from '@pms/protocol'
import type { DeskToday } from '@pms/protocol/api/desk-today'
import { http } from '../api/request.ts'

export const todayApi = {
  get: () => http.get<Result<DeskToday>>('/pms/pmsOrder/today'),
}
