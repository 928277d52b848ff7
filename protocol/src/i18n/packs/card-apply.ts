// Strings of card applications (console page /pmsAllPropertyUserCardApply; issue 15): the form, the list, the review
// and the server's messages.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['cardApply.title', '发卡申请', '發卡申請', 'Card applications'],
  ['cardApply.tab.mine', '我的申请', '我的申請', 'My applications'],
  ['cardApply.tab.review', '待我审批（所有门店）', '待我審批（所有門店）', 'To review (all my properties)'],
  ['cardApply.new', '申请卡片', '申請卡片', 'Apply for a card'],
  ['cardApply.kind', '卡类型', '卡類型', 'Card type'],
  ['cardApply.kind.staff', '员工卡', '員工卡', 'Staff card'],
  ['cardApply.kind.master', '总卡', '總卡', 'Master card'],
  ['cardApply.kind.floor', '楼层卡', '樓層卡', 'Floor card'],
  ['cardApply.kind.building', '楼栋卡', '樓棟卡', 'Building card'],
  ['cardApply.scope', '范围', '範圍', 'Scope'],
  ['cardApply.scope.property', '整个门店', '整個門店', 'Whole property'],
  ['cardApply.building', '楼栋', '樓棟', 'Building'],
  ['cardApply.floor', '楼层', '樓層', 'Floor'],
  ['cardApply.startTime', '生效日期', '生效日期', 'Valid from'],
  ['cardApply.endTime', '失效日期', '失效日期', 'Valid until'],
  ['cardApply.reason', '申请原因', '申請原因', 'Reason'],
  ['cardApply.property', '门店', '門店', 'Property'],
  ['cardApply.applicant', '申请人', '申請人', 'Applicant'],
  ['cardApply.stateLabel', '状态', '狀態', 'State'],
  ['cardApply.state.applying', '待审批', '待審批', 'Waiting for review'],
  ['cardApply.state.approved', '已批准', '已批准', 'Approved'],
  ['cardApply.state.refused', '已拒绝', '已拒絕', 'Refused'],
  ['cardApply.state.cancelled', '已撤回', '已撤回', 'Withdrawn'],
  ['cardApply.action.approve', '批准', '批准', 'approve'],
  ['cardApply.action.refuse', '拒绝', '拒絕', 'refuse'],
  ['cardApply.action.cancel', '撤回', '撤回', 'withdraw'],
  ['cardApply.action.issue', '重新发卡', '重新發卡', 'issue again'],
  ['cardApply.remark', '审批备注', '審批備註', 'Remark'],
  ['cardApply.reviewer', '审批人', '審批人', 'Reviewed by'],
  ['cardApply.card', '卡片', '卡片', 'Card'],
  ['cardApply.approve', '批准并发卡', '批准並發卡', 'Approve and issue'],
  [
    'cardApply.approveHint',
    '请将空白卡放在发卡器上',
    '請將空白卡放在發卡器上',
    'Put a blank card on the encoder',
  ],
  ['cardApply.protocol', '卡协议', '卡協議', 'Card protocol'],
  ['cardApply.refuse', '拒绝', '拒絕', 'Refuse'],
  ['cardApply.cancel', '撤回', '撤回', 'Withdraw'],
  ['cardApply.reissue', '重新发卡', '重新發卡', 'Issue again'],
  ['cardApply.submit', '提交申请', '提交申請', 'Submit'],
  ['cardApply.empty', '暂无申请', '暫無申請', 'No applications'],
  ['cardApply.applied', '申请已提交', '申請已提交', 'Application submitted'],
  ['cardApply.cancelled', '申请已撤回', '申請已撤回', 'Application withdrawn'],
  ['cardApply.approved', '已批准，正在发卡', '已批准，正在發卡', 'Approved: issuing the card'],
  ['cardApply.issued', '卡片已发出', '卡片已發出', 'The card is issued'],
  ['cardApply.refused', '申请已拒绝', '申請已拒絕', 'Application refused'],
  ['cardApply.entity', '发卡申请', '發卡申請', 'Card application'],
  ['cardApply.notAllowed', '{1}的申请不能{0}', '{1}的申請不能{0}', 'An application that is {1} cannot {0}'],
  [
    'cardApply.changed',
    '申请已被他人处理，请刷新',
    '申請已被他人處理，請重新整理',
    'Someone else has just handled this application; refresh',
  ],
  ['cardApply.remarkRequired', '拒绝时请填写备注', '拒絕時請填寫備註', 'Say why in the remark when refusing'],
  [
    'cardApply.cardNotFailed',
    '该申请的卡片未写卡失败，无需重新发卡',
    '該申請的卡片未寫卡失敗，無需重新發卡',
    'The card of this application did not fail: there is nothing to issue again',
  ],
  ['cardApply.noCard', '该申请尚未发卡', '該申請尚未發卡', 'No card was issued for this application yet'],
  [
    'cardApply.cardNotWaiting',
    '该卡片不在待写卡状态',
    '該卡片不在待寫卡狀態',
    'The card is not waiting to be written',
  ],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
