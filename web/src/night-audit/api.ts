// Server calls of the night audit and scheduler log screens (protocol/src/api/night-audit.ts).
import type { PageResult, Result } from '@pms/protocol'
import type {
  DailySnapshot,
  JobLog,
  JobLogQuery,
  NightAuditOverview,
  NightAuditRun,
  NightAuditRunBody,
  StayMarkBody,
  StayMarkView,
} from '@pms/protocol/api/night-audit'
import { http } from '../api/request.ts'

export const nightAuditApi = {
  overview: () => http.get<Result<NightAuditOverview>>('/pms/pmsNightAudit/overview'),
  history: (pageNum: number, pageSize = 10) =>
    http.get<PageResult<NightAuditRun>>('/pms/pmsNightAudit/list', { pageNum, pageSize }),
  snapshot: (businessDate: string) =>
    http.get<Result<DailySnapshot>>(`/pms/pmsNightAudit/snapshot/${businessDate}`, undefined, {
      quiet: true,
    }),
  run: (body: NightAuditRunBody) => http.post<Result<NightAuditRun>>('/pms/pmsNightAudit/run', body),
  /** Marks a stay complimentary or house use with a reason, or clears its mark (mark ''). */
  stayMark: (body: StayMarkBody) => http.post<Result<StayMarkView>>('/pms/pmsNightAudit/stayMark', body),
}

export const jobLogApi = {
  list: (query: JobLogQuery) => http.get<PageResult<JobLog>>('/monitor/jobLog/list', query as never),
}
