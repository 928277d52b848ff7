// Member levels (SPEC §1, §3 Member grade): rank, upgrade way and threshold, room-rate discount, delay check-out.
import { Badge } from '@chakra-ui/react'
import type { MemberGrade } from '@pms/protocol/api/members'
import { MemberGradePermission } from '@pms/protocol/api/members'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { gradeApi } from './api.ts'
import { ENABLED_STATES, f, UPGRADE_WAY_OPTIONS } from './labels.ts'
import { MemberSettingsButton } from './MemberSettingsDialog.tsx'

export default function GradePage() {
  const t = useT()
  return (
    <CrudScreen<MemberGrade>
      testId="member-grade-page"
      title="members.menu.grades"
      entity="members.entity.grade"
      api={gradeApi}
      idKey="gradeId"
      permission={MemberGradePermission}
      toolbar={() => <MemberSettingsButton />}
      columns={[
        { key: 'gradeName', header: f('gradeName') },
        { key: 'gradeRank', header: f('gradeRank'), align: 'end' },
        {
          key: 'upgradeWay',
          header: f('upgradeWay'),
          render: (g) => t(`members.upgradeWay.${g.upgradeWay}`),
        },
        { key: 'threshold', header: f('threshold'), align: 'end' },
        { key: 'discount', header: f('discount'), align: 'end', render: (g) => `${g.discount}%` },
        { key: 'delayHours', header: f('delayHours'), align: 'end' },
        { key: 'effectiveMonths', header: f('effectiveMonths'), align: 'end' },
        {
          key: 'state',
          header: f('state'),
          render: (g) => (
            <Badge colorPalette={g.state === '1' ? 'gray' : 'green'}>
              {t(g.state === '1' ? 'crud.disabled' : 'crud.enabled')}
            </Badge>
          ),
        },
      ]}
      search={[{ name: 'gradeName', label: f('gradeName'), kind: 'text' }]}
      fields={[
        { name: 'gradeName', label: f('gradeName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'gradeRank', label: f('gradeRank'), kind: 'integer', required: true, min: 0, max: 999 },
        {
          name: 'upgradeWay',
          label: f('upgradeWay'),
          kind: 'select',
          required: true,
          options: UPGRADE_WAY_OPTIONS,
        },
        {
          name: 'threshold',
          label: f('threshold'),
          kind: 'integer',
          required: true,
          min: 0,
          max: 10_000_000_000,
        },
        { name: 'discount', label: f('discount'), kind: 'integer', required: true, min: 1, max: 100 },
        { name: 'delayHours', label: f('delayHours'), kind: 'integer', required: true, min: 0, max: 24 },
        {
          name: 'effectiveMonths',
          label: f('effectiveMonths'),
          kind: 'integer',
          required: true,
          min: 0,
          max: 120,
        },
        { name: 'state', label: f('state'), kind: 'select', required: true, options: ENABLED_STATES },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{
        state: '0',
        upgradeWay: 'amount',
        gradeRank: 1,
        threshold: 0,
        discount: 100,
        delayHours: 0,
        effectiveMonths: 12,
      }}
      nameOf={(g) => g.gradeName}
    />
  )
}
