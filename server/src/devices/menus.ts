// Menu seed of devices: the platform's catalogue (dictionaries and models) and the grants by role.
import {
  CATALOGUE_DICTIONARIES,
  DEVICE_PERMISSION_PREFIX,
  DevicePermission,
  DICTIONARY_STEM,
  dictionaryPermission,
  LockAuthPermission,
  ModelPermission,
} from '@pms/protocol/api/devices'
import type { MenuSeed } from '../seed/menu-seed.ts'

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

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })
const propertyScreen = (name: string, path: string, children: MenuSeed[] = []): MenuSeed => ({
  name,
  type: 'C',
  path,
  component: `device/${path}/index`,
  perms: DevicePermission.list,
  userTypes: '2',
  children,
})

/** The property's devices: the device list (its CRUD buttons) and the binding tree (bind and lock sync). */
export const DEVICE_MENU: MenuSeed = {
  name: 'devices.menu',
  type: 'M',
  path: 'device',
  icon: 'lock',
  userTypes: '2',
  children: [
    propertyScreen('devices.menu.binding', 'dvcBinding', [
      button(DevicePermission.bind),
      button(DevicePermission.sync),
      button(LockAuthPermission.list),
      button(LockAuthPermission.grant),
    ]),
    propertyScreen('devices.menu.ports', 'dvcPort', [button(DevicePermission.port)]),
    propertyScreen(
      'devices.menu.devices',
      'dvcDevice',
      [DevicePermission.query, DevicePermission.add, DevicePermission.edit, DevicePermission.remove].map(
        button,
      ),
    ),
  ],
}

/** Catalogue writes are the platform's; devices belong to the property admin and its technician; the clerk reads. */
export const DEVICE_ROLE_PERMISSIONS = {
  sys_admin: [ModelPermission, ...CATALOGUE_DICTIONARIES.map(dictionaryPermission)],
  merchant_admin: [DEVICE_PERMISSION_PREFIX, 'device:dvcLockAuth'],
  technician: [DEVICE_PERMISSION_PREFIX, 'device:dvcLockAuth'],
  front_desk: [DevicePermission.list, DevicePermission.query, 'device:dvcLockAuth'],
} as const
