// Language-pack keys of the member screens' fields and the option lists they share.
import { MEMBER_ID_TYPES, MEMBER_SOURCES } from '@pms/protocol/api/members'
import { PAYMENT_METHODS } from '@pms/protocol/billing/index'
import { MEMBER_RECORD_KINDS, MEMBER_STATES, MEMBER_VALIDITIES } from '@pms/protocol/members/ledger'
import type { Option } from '../ui/crud/fields.ts'

export const f = (name: string) => `members.field.${name}`

export const ENABLED_STATES: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
export const MEMBER_STATE_OPTIONS: Option[] = MEMBER_STATES.map((s) => ({
  value: s,
  label: `members.state.${s}`,
}))
export const VALIDITY_OPTIONS: Option[] = MEMBER_VALIDITIES.map((v) => ({
  value: v,
  label: `members.validity.${v}`,
}))
export const SOURCE_OPTIONS: Option[] = MEMBER_SOURCES.map((v) => ({
  value: v,
  label: `members.source.${v}`,
}))
export const ID_TYPE_OPTIONS: Option[] = MEMBER_ID_TYPES.map((v) => ({
  value: v,
  label: `members.idType.${v}`,
}))
export const GENDER_OPTIONS: Option[] = ['0', '1', '2'].map((v) => ({
  value: v,
  label: `members.gender.${v}`,
}))
export const UPGRADE_WAY_OPTIONS: Option[] = [
  { value: 'amount', label: 'members.upgradeWay.amount' },
  { value: 'frequency', label: 'members.upgradeWay.frequency' },
]
export const RECORD_KIND_OPTIONS: Option[] = MEMBER_RECORD_KINDS.map((k) => ({
  value: k,
  label: `members.kind.${k}`,
}))
export const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: `billing.method.${m}` }))
