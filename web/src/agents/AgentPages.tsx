// Agents, sales areas and sales managers (issue 17, SPEC §1, §6): three platform screens over the server's plain
// resources. Pickers list the agents, the sales managers, the platform users and the region tree's cities.
import { Badge } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import { maskPhone } from '@pms/protocol'
import { PLACEHOLDER_NAMES, type RegionNode } from '@pms/protocol/geo/regions'
import { useState } from 'react'
import useSWR from 'swr'
import { useRegionTree } from '../address/api.ts'
import { http } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { crudApi, fetchAll } from '../ui/crud/api.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { Lookup, Option } from '../ui/crud/fields.ts'
import { LOOKUP_MATCHES } from '../ui/crud/LookupInput.tsx'
import { formatDateTime, userLabel } from '../ui/format.ts'
import { agencyApi } from './agency-api.ts'

interface Agent {
  agentId: number
  agentName: string
  contact: string
  phone: string
  address: string
  salesManagerId: number | null
  salesManagerName: string
  status: string
  remark: string
  areaCount: number
  propertyCount: number
  createTime: string
}
interface SalesManager {
  managerId: number
  userId: number
  userName: string
  nickName: string
  phone: string
  status: string
  remark: string
  createTime: string
}
interface SalesArea {
  salesAreaId: number
  agentId: number
  agentName: string
  regionCode: string
  regionName: string
  remark: string
}

const f = (name: string) => `agents.field.${name}`
const agentApi = crudApi<Agent>('/pms/pmsAgent')
const managerApi = crudApi<SalesManager>('/pms/pmsSalesManager')
const areaApi = crudApi<SalesArea>('/pms/pmsSalesArea')
const propertyApi = crudApi<{ propertyId: number; propertyName: string }>('/pms/pmsProperty')
/** The platform's properties whose name holds the keyword (the first LOOKUP_MATCHES). */
const propertyLookup: Lookup = {
  search: async (keyword) =>
    (await propertyApi.list({ propertyName: keyword, pageSize: LOOKUP_MATCHES }, { quiet: true })).rows.map(
      (p) => ({ value: String(p.propertyId), label: p.propertyName, raw: true }),
    ),
}
const userApi = crudApi<{ userId: number; userName: string; nickName: string }>('/system/user')
/** The registered users whose user name holds the keyword (the first LOOKUP_MATCHES). */
const registeredUserLookup: Lookup = {
  search: async (keyword) =>
    (
      await userApi.list({ userType: 2, userName: keyword, pageSize: LOOKUP_MATCHES }, { quiet: true })
    ).rows.map((u) => ({ value: String(u.userId), label: userLabel(u), raw: true })),
}
const STATUS: Option[] = [
  { value: '0', label: 'agents.status.0' },
  { value: '1', label: 'agents.status.1' },
]

function StatusBadge({ status }: { status: string }) {
  const t = useT()
  return <Badge colorPalette={status === '0' ? 'green' : 'gray'}>{t(`agents.status.${status}`)}</Badge>
}

function useOptions<R>(key: string, load: () => Promise<R[]>, toOption: (r: R) => Option): Option[] {
  const { data } = useSWR(key, load)
  return (data ?? []).map(toOption)
}

/** Gives a property to an agent, with the sales manager who looks after it (PUT /pms/pmsAgent/assignProperty). */
function AssignPropertyDialog({
  agent,
  managers,
  onClose,
  onSaved,
}: {
  agent: Agent | null
  managers: Option[]
  onClose: () => void
  onSaved: () => void
}) {
  return (
    <FormDialog
      open={agent !== null}
      mode="edit"
      entity="agents.assign.entity"
      testId="agent-assign-dialog"
      columns={1}
      fields={[
        {
          name: 'propertyId',
          label: f('property'),
          // A platform's properties are too many for a select: typed and searched.
          kind: 'lookup',
          required: true,
          lookup: propertyLookup,
          numeric: true,
        },
        {
          name: 'salesManagerId',
          label: f('salesManager'),
          kind: 'select',
          options: managers,
          numeric: true,
        },
      ]}
      record={agent ? { salesManagerId: agent.salesManagerId } : undefined}
      onClose={onClose}
      onSubmit={async (body) => {
        await http.put<Result>('/pms/pmsAgent/assignProperty', {
          propertyId: body.propertyId,
          agentId: agent!.agentId,
          salesManagerId: body.salesManagerId ?? null,
        })
        notifySuccess('edit')
        onSaved()
      }}
    />
  )
}

/** The registered users who act for an agent (PUT /pms/pmsAgent/users); they then see its qualification screen. */
function AgentUsersDialog({ agent, onClose }: { agent: Agent | null; onClose: () => void }) {
  // Read afresh at each opening (a kept answer would show the users before the last save, and saving it would undo it),
  // and only then: the dialog stays open while the form is edited.
  const { data: current, isValidating } = useSWR(
    agent ? ['agent-users', agent.agentId] : null,
    () => agencyApi.users(agent!.agentId).then((r) => r.data ?? []),
    { revalidateOnMount: true, dedupingInterval: 0, revalidateOnFocus: false, revalidateOnReconnect: false },
  )
  return (
    <FormDialog
      open={agent !== null && current !== undefined && !isValidating}
      mode="edit"
      entity="agency.users.entity"
      testId="agent-users-dialog"
      columns={1}
      fields={[
        {
          name: 'userIds',
          label: 'agency.field.users',
          // The platform's registered users are too many for a list of boxes: typed and searched.
          kind: 'multilookup',
          lookup: registeredUserLookup,
          options: (current ?? []).map((u) => ({ value: String(u.userId), label: userLabel(u), raw: true })),
        },
      ]}
      record={{ userIds: (current ?? []).map((u) => u.userId) }}
      onClose={onClose}
      onSubmit={async (body) => {
        await agencyApi.setUsers(agent!.agentId, body.userIds as number[])
        notifySuccess('edit')
      }}
    />
  )
}

export function AgentPage() {
  const [assigning, setAssigning] = useState<Agent | null>(null)
  const [staffing, setStaffing] = useState<Agent | null>(null)
  const managers = useOptions(
    'agents-managers',
    () => fetchAll(managerApi),
    (m) => ({
      value: String(m.managerId),
      label: m.nickName || m.userName,
      raw: true,
    }),
  )
  return (
    <CrudScreen<Agent>
      testId="agent-page"
      title="agents.menu.agent"
      entity="agents.entity.agent"
      api={agentApi}
      idKey="agentId"
      permission="pms:pmsAgent"
      columns={[
        { key: 'agentName', header: f('agentName') },
        { key: 'contact', header: f('contact') },
        { key: 'phone', header: f('phone'), render: (a) => maskPhone(a.phone) },
        { key: 'salesManagerName', header: f('salesManager') },
        { key: 'areaCount', header: f('areaCount') },
        { key: 'propertyCount', header: f('propertyCount') },
        { key: 'status', header: f('status'), render: (a) => <StatusBadge status={a.status} /> },
        {
          key: 'createTime',
          header: 'adminConsole.user.createTime',
          render: (a) => formatDateTime(a.createTime),
        },
      ]}
      search={[
        { name: 'agentName', label: f('agentName'), kind: 'text' },
        { name: 'status', label: f('status'), kind: 'select', options: STATUS, placeholder: 'crud.all' },
      ]}
      fields={[
        { name: 'agentName', label: f('agentName'), kind: 'text', required: true, maxLength: 100 },
        { name: 'contact', label: f('contact'), kind: 'text', maxLength: 50 },
        { name: 'phone', label: f('phone'), kind: 'text', maxLength: 30 },
        { name: 'address', label: f('address'), kind: 'text', maxLength: 200 },
        {
          name: 'salesManagerId',
          label: f('salesManager'),
          kind: 'select',
          options: managers,
          numeric: true,
        },
        { name: 'status', label: f('status'), kind: 'select', required: true, options: STATUS },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ status: '0' }}
      nameOf={(a) => a.agentName}
      // The toolbar holds the assignment dialog: it is where the screen hands out its list to reload.
      toolbar={(list) => (
        <>
          <AssignPropertyDialog
            agent={assigning}
            managers={managers}
            onClose={() => setAssigning(null)}
            onSaved={() => {
              setAssigning(null)
              void list.reload()
            }}
          />
          <AgentUsersDialog agent={staffing} onClose={() => setStaffing(null)} />
        </>
      )}
      actions={[
        {
          key: 'assign',
          label: 'agents.assign.action',
          permission: 'pms:pmsAgent:edit',
          onSelect: (agent) => setAssigning(agent),
        },
        {
          key: 'users',
          label: 'agency.users.action',
          permission: 'pms:pmsAgent:edit',
          onSelect: (agent) => setStaffing(agent),
        },
      ]}
    />
  )
}

export function SalesManagerPage() {
  const users = useOptions(
    'agents-platform-users',
    () => fetchAll(userApi, { userType: 1 }),
    (u) => ({
      value: String(u.userId),
      label: userLabel(u),
      raw: true,
    }),
  )
  return (
    <CrudScreen<SalesManager>
      testId="sales-manager-page"
      title="agents.menu.salesManager"
      entity="agents.entity.salesManager"
      api={managerApi}
      idKey="managerId"
      permission="pms:pmsSalesManager"
      columns={[
        { key: 'userName', header: f('userName') },
        { key: 'nickName', header: f('nickName') },
        { key: 'phone', header: f('phone'), render: (m) => maskPhone(m.phone) },
        { key: 'status', header: f('status'), render: (m) => <StatusBadge status={m.status} /> },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'status', label: f('status'), kind: 'select', options: STATUS, placeholder: 'crud.all' },
      ]}
      fields={[
        { name: 'userId', label: f('user'), kind: 'select', required: true, options: users, numeric: true },
        { name: 'phone', label: f('phone'), kind: 'text', maxLength: 30 },
        { name: 'status', label: f('status'), kind: 'select', required: true, options: STATUS },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ status: '0' }}
      nameOf={(m) => m.nickName || m.userName}
    />
  )
}

/** Provinces and their cities (a sales area is a province or a city), named in full. */
function regionOptions(tree: RegionNode[] | undefined): Option[] {
  const options: Option[] = []
  for (const province of tree ?? []) {
    options.push({ value: province.code, label: province.name, raw: true })
    for (const city of province.children ?? [])
      if (!PLACEHOLDER_NAMES.has(city.name))
        options.push({ value: city.code, label: `${province.name} ${city.name}`, raw: true })
  }
  return options
}

export function SalesAreaPage() {
  const { tree } = useRegionTree()
  const agents = useOptions(
    'agents-agents',
    () => fetchAll(agentApi),
    (a) => ({
      value: String(a.agentId),
      label: a.agentName,
      raw: true,
    }),
  )
  const regions = regionOptions(tree)
  return (
    <CrudScreen<SalesArea>
      testId="sales-area-page"
      title="agents.menu.salesArea"
      entity="agents.entity.salesArea"
      api={areaApi}
      idKey="salesAreaId"
      permission="pms:pmsSalesArea"
      columns={[
        { key: 'regionName', header: f('region') },
        { key: 'agentName', header: f('agentName') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'agentId', label: f('agentName'), kind: 'select', options: agents, placeholder: 'crud.all' },
      ]}
      fields={[
        { name: 'regionCode', label: f('region'), kind: 'select', required: true, options: regions },
        {
          name: 'agentId',
          label: f('agentName'),
          kind: 'select',
          required: true,
          options: agents,
          numeric: true,
        },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(a) => a.regionName}
    />
  )
}
