// Language-pack keys and options of the dictionary screens.
import type { Option } from '../../ui/crud/fields.ts'

export const df = (name: string) => `adminConsole.dict.${name}`
export const DICT_STATUS: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
/** The tag styles a dictionary entry may be shown with (listClass). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const
export const LIST_CLASS_OPTIONS: Option[] = LIST_CLASSES.map((c) => ({
  value: c,
  label: `adminConsole.dict.style.${c}`,
}))
/** Chakra palettes standing for the styles. */
export const PALETTE: Record<string, string> = {
  default: 'gray',
  primary: 'blue',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
}
export const YES_NO: Option[] = [
  { value: 'Y', label: 'crud.yes' },
  { value: 'N', label: 'crud.no' },
]
