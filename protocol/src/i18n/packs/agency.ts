// Strings of agency qualification (issue 17): an agent's users, its application and review; server messages and
// console labels.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['agency.menu', '代理商资质', '代理商資質', 'Agency qualification'],
  ['agency.menu.apply', '资质申请', '資質申請', 'Qualification applications'],
  ['agency.menu.review', '代理商资质审核', '代理商資質審核', 'Agency qualification review'],
  ['agency.entity', '代理商资质申请', '代理商資質申請', 'The agency application'],
  [
    'agency.submitted',
    '资质申请已提交，请等待审核',
    '資質申請已提交，請等待審核',
    'Application sent; it now waits for review',
  ],
  [
    'agency.notAgentUser',
    '当前账号不属于任何代理商',
    '目前賬號不屬於任何代理商',
    'This account does not belong to any agent',
  ],
  ['agency.licenceRequired', '请上传营业执照', '請上傳營業執照', 'Please upload the business licence'],
  [
    'agency.licenceInvalid',
    '营业执照文件无效，请重新上传',
    '營業執照檔案無效，請重新上傳',
    'The licence file is not valid; upload it again',
  ],
  [
    'agency.userNotStaff',
    '用户"{0}"不是门店用户，不能成为代理商用户',
    '用戶「{0}」不是門店用戶，不能成為代理商用戶',
    'The user "{0}" is not a registered user and cannot act for an agent',
  ],
  [
    'agency.userTaken',
    '用户"{0}"已属于代理商"{1}"',
    '用戶「{0}」已屬於代理商「{1}」',
    'The user "{0}" already acts for the agent "{1}"',
  ],
  ['agency.field.licenceNo', '营业执照号', '營業執照號', 'Licence number'],
  ['agency.field.licence', '营业执照', '營業執照', 'Business licence'],
  ['agency.field.contact', '联系人', '聯絡人', 'Contact'],
  ['agency.field.phone', '联系电话', '聯絡電話', 'Phone'],
  ['agency.field.remark', '备注', '備註', 'Remark'],
  ['agency.field.agentName', '代理商', '代理商', 'Agent'],
  ['agency.field.applicant', '申请人', '申請人', 'Applicant'],
  ['agency.field.state', '状态', '狀態', 'State'],
  ['agency.field.checkRemark', '审核意见', '審核意見', 'Review remark'],
  ['agency.field.updateTime', '更新时间', '更新時間', 'Updated'],
  ['agency.field.users', '代理商用户', '代理商用戶', 'Users of the agent'],
  ['agency.action.apply', '提交申请', '提交申請', 'Applied'],
  ['agency.action.resubmit', '重新提交', '重新提交', 'Resubmitted'],
  ['agency.action.approve', '审核通过', '審核通過', 'Approved'],
  ['agency.action.refuse', '审核拒绝', '審核拒絕', 'Refused'],
  ['agency.apply.action', '申请资质', '申請資質', 'Apply'],
  ['agency.apply.resubmit', '重新申请', '重新申請', 'Apply again'],
  ['agency.apply.upload', '上传执照', '上傳執照', 'Upload the licence'],
  ['agency.apply.uploaded', '执照已上传', '執照已上傳', 'Licence uploaded'],
  ['agency.apply.none', '尚未提交资质申请', '尚未提交資質申請', 'No application yet'],
  ['agency.history.action', '历史', '歷史', 'History'],
  ['agency.history.title', '申请与审核记录', '申請與審核記錄', 'Submissions and reviews'],
  ['agency.history.step', '步骤', '步驟', 'Step'],
  ['agency.history.by', '操作人', '操作人', 'By'],
  ['agency.history.time', '时间', '時間', 'Time'],
  ['agency.history.empty', '暂无记录', '暫無記錄', 'Nothing yet'],
  ['agency.review.check', '审核', '審核', 'Review'],
  ['agency.review.view', '查看', '查看', 'View'],
  ['agency.users.action', '代理商用户', '代理商用戶', 'Users'],
  ['agency.users.entity', '代理商用户', '代理商用戶', 'users of the agent'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
