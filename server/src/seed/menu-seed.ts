// One entry of the seeded menu tree (sys_menu): a directory (M), a screen (C) or a button permission (F).
export interface MenuSeed {
  name: string
  type: 'M' | 'C' | 'F'
  path?: string
  component?: string
  perms?: string
  icon?: string
  hidden?: boolean
  userTypes?: string
  children?: MenuSeed[]
}
