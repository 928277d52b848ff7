// Members of the property (SPEC §1, §3 Member, §4 states): search by card, name, phone, tag, grade and state; phone
// and ID masked in the list (the edit dialog of a permitted user reads them in full); blacklist marker; detail,
// recharge, state changes and the blacklist as row operations.
import { Badge } from '@chakra-ui/react'
import type { MemberGrade, MemberTag, MemberView } from '@pms/protocol/api/members'
import { MemberPermission } from '@pms/protocol/api/members'
import { useEffect, useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { PromptDialog } from '../front-desk/PromptDialog.tsx'
import { useT } from '../i18n/t.ts'
import { fetchAll } from '../ui/crud/api.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import type { CrudList } from '../ui/crud/useCrudList.ts'
import { gradeApi, memberApi, memberCrudApi, tagApi } from './api.ts'
import {
  f,
  GENDER_OPTIONS,
  ID_TYPE_OPTIONS,
  MEMBER_STATE_OPTIONS,
  SOURCE_OPTIONS,
  VALIDITY_OPTIONS,
} from './labels.ts'
import { MemberDetailDialog } from './MemberDetailDialog.tsx'
import { MemberSheetButtons } from './MemberSheetButtons.tsx'
import { RechargeDialog } from './RechargeDialog.tsx'

export default function MemberPage() {
  const t = useT()
  const [grades, setGrades] = useState<MemberGrade[]>([])
  const [tags, setTags] = useState<MemberTag[]>([])
  const [detail, setDetail] = useState<number | null>(null)
  const [recharging, setRecharging] = useState<MemberView | null>(null)
  const [blacklisting, setBlacklisting] = useState<MemberView | null>(null)
  // The list, handed over by the toolbar callback, so that the dialogs can reload it.
  const list = useRef<CrudList<MemberView> | null>(null)

  useEffect(() => {
    fetchAll(gradeApi)
      .then(setGrades)
      .catch(() => setGrades([]))
    fetchAll(tagApi)
      .then(setTags)
      .catch(() => setTags([]))
  }, [])
  const gradeOptions = grades.map((g) => ({ value: String(g.gradeId), label: g.gradeName, raw: true }))
  const tagOptions = tags.map((g) => ({ value: String(g.tagId), label: g.tagName, raw: true }))
  const reload = () => void list.current?.reload()

  const setState = async (m: MemberView, state: string) => {
    try {
      await memberApi.state({ memberId: m.memberId, state })
      notifySuccess('operation')
      reload()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <>
      <CrudScreen<MemberView>
        testId="member-page"
        title="members.menu.members"
        entity="members.entity.member"
        api={memberCrudApi}
        idKey="memberId"
        permission="pms:pmsMember"
        loadForEdit
        toolbar={(l) => {
          list.current = l
          return <MemberSheetButtons query={() => ({ ...l.filters })} onImported={reload} />
        }}
        columns={[
          { key: 'cardNo', header: f('cardNo') },
          {
            key: 'name',
            header: f('name'),
            render: (m) => (
              <>
                {m.name}{' '}
                {m.blacklist && (
                  <Badge colorPalette="red" data-testid="member-blacklisted">
                    {t('members.field.blacklist')}
                  </Badge>
                )}
              </>
            ),
          },
          { key: 'phone', header: f('phone') },
          { key: 'gradeName', header: f('grade'), render: (m) => m.gradeName ?? '' },
          { key: 'tags', header: f('tags'), render: (m) => m.tags.map((x) => x.tagName).join(', ') },
          {
            key: 'balanceCents',
            header: f('balance'),
            align: 'end',
            render: (m) => formatMoney(m.balanceCents),
          },
          { key: 'points', header: f('points'), align: 'end' },
          {
            key: 'state',
            header: f('state'),
            render: (m) => (
              <Badge colorPalette={m.state === '0' ? 'green' : 'orange'}>
                {t(`members.state.${m.state}`)}
              </Badge>
            ),
          },
          {
            key: 'expireDate',
            header: f('expireDate'),
            render: (m) => m.expireDate ?? t('members.validity.forever'),
          },
        ]}
        search={[
          { name: 'cardNo', label: f('cardNo'), kind: 'text' },
          { name: 'name', label: f('name'), kind: 'text' },
          { name: 'phone', label: f('phone'), kind: 'text' },
          {
            name: 'gradeId',
            label: f('grade'),
            kind: 'select',
            options: gradeOptions,
            placeholder: 'crud.all',
          },
          { name: 'tagId', label: f('tags'), kind: 'select', options: tagOptions, placeholder: 'crud.all' },
          {
            name: 'state',
            label: f('state'),
            kind: 'select',
            options: MEMBER_STATE_OPTIONS,
            placeholder: 'crud.all',
          },
        ]}
        fields={[
          {
            name: 'cardNo',
            label: f('cardNo'),
            kind: 'text',
            maxLength: 32,
            placeholder: 'members.cardNoHint',
          },
          { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 50 },
          { name: 'phone', label: f('phone'), kind: 'text', required: true, maxLength: 20 },
          { name: 'idType', label: f('idType'), kind: 'select', options: ID_TYPE_OPTIONS },
          { name: 'idNo', label: f('idNo'), kind: 'text', maxLength: 32 },
          { name: 'gender', label: f('gender'), kind: 'select', options: GENDER_OPTIONS },
          { name: 'birthday', label: f('birthday'), kind: 'date' },
          { name: 'gradeId', label: f('grade'), kind: 'select', numeric: true, options: gradeOptions },
          { name: 'tagIds', label: f('tags'), kind: 'multiselect', numeric: true, options: tagOptions },
          { name: 'source', label: f('source'), kind: 'select', options: SOURCE_OPTIONS },
          { name: 'validity', label: f('validity'), kind: 'select', options: VALIDITY_OPTIONS },
          // Computed from the validity when left empty; a date set here overrides it.
          { name: 'expireDate', label: f('expireDate'), kind: 'date' },
          { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
        ]}
        defaults={{ idType: 'idCard', gender: '0', source: 'desk', validity: 'forever' }}
        nameOf={(m) => `${m.name} ${m.cardNo}`}
        actions={[
          {
            key: 'detail',
            label: 'members.action.detail',
            permission: MemberPermission.query,
            onSelect: (m) => setDetail(m.memberId),
          },
          {
            key: 'recharge',
            label: 'members.action.recharge',
            permission: MemberPermission.recharge,
            onSelect: setRecharging,
          },
          {
            key: 'lost',
            label: 'members.action.lost',
            permission: MemberPermission.state,
            onSelect: (m) => void setState(m, '1'),
          },
          {
            key: 'disable',
            label: 'members.action.disable',
            permission: MemberPermission.state,
            onSelect: (m) => void setState(m, '2'),
          },
          {
            key: 'normal',
            label: 'members.action.normal',
            permission: MemberPermission.state,
            onSelect: (m) => void setState(m, '0'),
          },
          {
            key: 'blacklist',
            label: 'members.action.blacklist',
            permission: MemberPermission.blacklist,
            onSelect: setBlacklisting,
          },
        ]}
      />
      <MemberDetailDialog memberId={detail} onClose={() => setDetail(null)} />
      <RechargeDialog member={recharging} onClose={() => setRecharging(null)} onDone={reload} />
      <PromptDialog
        open={blacklisting !== null}
        title={t(blacklisting?.blacklist ? 'members.action.unblacklist' : 'members.action.blacklist')}
        label={t('members.field.reason')}
        required={!blacklisting?.blacklist}
        maxLength={200}
        onClose={() => setBlacklisting(null)}
        onConfirm={async (reason) => {
          if (!blacklisting) return
          await memberApi.blacklist({
            memberId: blacklisting.memberId,
            blacklist: !blacklisting.blacklist,
            reason,
          })
          notifySuccess('operation')
          setBlacklisting(null)
          reload()
        }}
        testId="member-blacklist-dialog"
      />
    </>
  )
}
