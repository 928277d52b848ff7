// Menus (issue 17), platform only: the tree of directories (M), screens (C) and buttons (F) with path, component,
// permission, icon, order, visibility and user types. A change reaches each user on their next getRouters.
import { Badge, Box } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import type { Option } from '../../ui/crud/fields.ts'
import { allMenus, type MenuView, menuCrudApi } from './api.ts'
import { treeOrder } from './tree.ts'

const mf = (name: string) => `adminConsole.menu.${name}`
const TYPES: Option[] = ['M', 'C', 'F'].map((v) => ({ value: v, label: `adminConsole.menuType.${v}` }))
const FLAG: Option[] = [
  { value: '0', label: 'adminConsole.menu.shown' },
  { value: '1', label: 'adminConsole.menu.hidden' },
]
const STATUS: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
const USER_TYPES: Option[] = [
  { value: '1,2', label: 'adminConsole.menu.userTypesBoth' },
  { value: '1', label: 'adminConsole.userType.1' },
  { value: '2', label: 'adminConsole.userType.2' },
]

export default function MenuPage() {
  const t = useT()
  const [parents, setParents] = useState<Option[]>([])
  const loadParents = () =>
    allMenus()
      .then((r) =>
        setParents([
          { value: '0', label: 'adminConsole.menu.root' },
          ...treeOrder(r.data ?? [])
            .filter((m) => m.menuType !== 'F')
            .map((m) => ({
              value: String(m.menuId),
              label: `${'— '.repeat(m.depth)}${t(m.menuName)}`,
              raw: true,
            })),
        ]),
      )
      .catch(() => setParents([]))
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; the labels follow the language on reload.
  useEffect(() => {
    void loadParents()
  }, [])

  return (
    <CrudScreen<MenuView & { depth: number }>
      testId="menu-page"
      title="menu.system.menu"
      entity="adminConsole.entity.menu"
      api={menuCrudApi}
      idKey="menuId"
      permission="system:menu"
      defaultPageSize={50}
      columns={[
        {
          key: 'menuName',
          header: mf('menuName'),
          render: (m) => (
            <Box pl={`${m.depth * 16}px`} title={m.menuName}>
              {t(m.menuName)}
            </Box>
          ),
        },
        { key: 'menuType', header: mf('menuType'), render: (m) => t(`adminConsole.menuType.${m.menuType}`) },
        { key: 'orderNum', header: mf('orderNum'), align: 'end' },
        { key: 'path', header: mf('path') },
        { key: 'component', header: mf('component'), render: (m) => m.component ?? '' },
        { key: 'perms', header: mf('perms'), render: (m) => m.perms ?? '' },
        {
          key: 'userTypes',
          header: mf('userTypes'),
          render: (m) => t(USER_TYPES.find((u) => u.value === m.userTypes)?.label ?? m.userTypes),
        },
        {
          key: 'visible',
          header: mf('visible'),
          render: (m) => (
            <Badge colorPalette={m.visible === '0' ? 'green' : 'gray'}>
              {t(m.visible === '0' ? mf('shown') : mf('hidden'))}
            </Badge>
          ),
        },
        {
          key: 'status',
          header: mf('status'),
          render: (m) => t(m.status === '0' ? 'crud.enabled' : 'crud.disabled'),
        },
      ]}
      search={[
        { name: 'menuName', label: mf('menuName'), kind: 'text' },
        { name: 'menuType', label: mf('menuType'), kind: 'select', options: TYPES, placeholder: 'crud.all' },
        { name: 'status', label: mf('status'), kind: 'select', options: STATUS, placeholder: 'crud.all' },
      ]}
      fields={[
        {
          name: 'parentId',
          label: mf('parent'),
          kind: 'select',
          numeric: true,
          required: true,
          options: parents,
        },
        { name: 'menuType', label: mf('menuType'), kind: 'select', required: true, options: TYPES },
        { name: 'menuName', label: mf('menuName'), kind: 'text', required: true, maxLength: 100 },
        { name: 'orderNum', label: mf('orderNum'), kind: 'integer', required: true, min: 0, max: 9999 },
        { name: 'path', label: mf('path'), kind: 'text', maxLength: 200 },
        { name: 'component', label: mf('component'), kind: 'text', maxLength: 255 },
        { name: 'perms', label: mf('perms'), kind: 'text', maxLength: 100 },
        { name: 'icon', label: mf('icon'), kind: 'text', maxLength: 100 },
        { name: 'visible', label: mf('visible'), kind: 'select', required: true, options: FLAG },
        { name: 'status', label: mf('status'), kind: 'select', required: true, options: STATUS },
        { name: 'userTypes', label: mf('userTypes'), kind: 'select', required: true, options: USER_TYPES },
        { name: 'remark', label: mf('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{
        parentId: 0,
        menuType: 'C',
        orderNum: 0,
        visible: '0',
        status: '0',
        userTypes: '1,2',
        icon: '#',
      }}
      nameOf={(m) => t(m.menuName)}
    />
  )
}
