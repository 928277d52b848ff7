// Agency qualification calls (server/src/agents/agency-routes.ts) and an agent's users (agent-users.ts).
import type { Result } from '@pms/protocol'
import type { AgencyApplication, AgencyHistoryEntry } from '@pms/protocol/api/agent-qualification'
import type { QualificationCheckBody } from '@pms/protocol/api/qualification'
import { http } from '../api/request.ts'
import { crudApi } from '../ui/crud/api.ts'

const BASE = '/pms/pmsAgentQualification'

export interface AgentUser {
  userId: number
  userName: string
  nickName: string
  status: string
}

export const agencyApi = {
  ...crudApi<AgencyApplication>(BASE),
  history: (id: number) => http.get<Result<AgencyHistoryEntry[]>>(`${BASE}/history/${id}`),
  upload: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<string>>(`${BASE}/upload`, form)
  },
  check: (body: QualificationCheckBody) => http.put<Result<AgencyApplication>>(`${BASE}/check`, body),
  users: (agentId: number) => http.get<Result<AgentUser[]>>(`/pms/pmsAgent/users/${agentId}`),
  setUsers: (agentId: number, userIds: number[]) =>
    http.put<Result>('/pms/pmsAgent/users', { agentId, userIds }),
}
