// Menu seed of devices: the platform's catalogue (dictionaries and models) and the grants by role.
import {
  CATALOGUE_DICTIONARIES,
  DICTIONARY_STEM,
  dictionaryPermission,
  ModelPermission,
} from '@pms/protocol/api/devices'
import type { MenuSeed } from '../seed/menus.ts'

const crudButtons = (prefix: string): MenuSeed[] =>
  ['query', 'add', 'edit', 'remove'].map((a) => ({
    name: `${prefix}:${a}`,
    type: 'F',
    perms: `${prefix}:${a}`,
  }))

const platformScreen = (name: string, stem: string, prefix: string): MenuSeed => ({
  name,
  type: 'C',
  path: stem,
  component: `device/${stem}/index`,
  perms: `${prefix}:list`,
  userTypes: '1',
  children: crudButtons(prefix),
})

export const CATALOGUE_MENU: MenuSeed = {
  name: 'catalogue.menu',
  type: 'M',
  path: 'catalogue',
  icon: 'component',
  userTypes: '1',
  children: [
    platformScreen('catalogue.menu.models', 'dvcModel', ModelPermission),
    ...CATALOGUE_DICTIONARIES.map((kind) =>
      platformScreen(`catalogue.menu.${kind}`, DICTIONARY_STEM[kind], dictionaryPermission(kind)),
    ),
  ],
}

export const DEVICE_ROLE_PERMISSIONS = {
  sys_admin: [ModelPermission, ...CATALOGUE_DICTIONARIES.map(dictionaryPermission)],
} as const
