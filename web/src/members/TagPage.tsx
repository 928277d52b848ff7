// Member tags of the property ('The tag already exists.' for a duplicate name).
import type { MemberTag } from '@pms/protocol/api/members'
import { MemberTagPermission } from '@pms/protocol/api/members'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { tagApi } from './api.ts'
import { f } from './labels.ts'

export default function TagPage() {
  return (
    <CrudScreen<MemberTag>
      testId="member-tag-page"
      title="members.menu.tags"
      entity="members.entity.tag"
      api={tagApi}
      idKey="tagId"
      permission={MemberTagPermission}
      columns={[{ key: 'tagName', header: f('tagName') }]}
      search={[{ name: 'tagName', label: f('tagName'), kind: 'text' }]}
      fields={[{ name: 'tagName', label: f('tagName'), kind: 'text', required: true, maxLength: 30 }]}
      nameOf={(r) => r.tagName}
    />
  )
}
