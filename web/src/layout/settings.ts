// Layout settings (SPEC §2.3): tags view, fixed header, sidebar logo, theme colour, sidebar state, size.

export const SIZES = ['default', 'medium', 'small', 'mini'] as const
export type Size = (typeof SIZES)[number]
/** Chakra sizes are in rem, so the root font size scales every component. */
export const SIZE_ROOT_FONT: Record<Size, string> = {
  default: '16px',
  medium: '15px',
  small: '14px',
  mini: '13px',
}

export const THEME_COLORS = ['blue', 'teal', 'green', 'cyan', 'purple', 'pink', 'orange', 'red'] as const
export type ThemeColor = (typeof THEME_COLORS)[number]

export interface LayoutSettings {
  tagsView: boolean
  fixedHeader: boolean
  sidebarLogo: boolean
  themeColor: ThemeColor
  sidebarOpen: boolean
  size: Size
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  themeColor: 'blue',
  sidebarOpen: true,
  size: 'default',
}

export const SETTINGS_KEY = 'layout-setting'

/** Stored settings with anything missing or invalid replaced by the default. */
export function parseSettings(raw: string | null): LayoutSettings {
  let stored: Record<string, unknown> = {}
  try {
    const parsed = raw ? JSON.parse(raw) : {}
    if (parsed && typeof parsed === 'object') stored = parsed
  } catch {
    // A damaged value falls back to the defaults.
  }
  const bool = (k: keyof LayoutSettings) =>
    typeof stored[k] === 'boolean' ? (stored[k] as boolean) : (DEFAULT_SETTINGS[k] as boolean)
  return {
    tagsView: bool('tagsView'),
    fixedHeader: bool('fixedHeader'),
    sidebarLogo: bool('sidebarLogo'),
    sidebarOpen: bool('sidebarOpen'),
    themeColor: (THEME_COLORS as readonly unknown[]).includes(stored.themeColor)
      ? (stored.themeColor as ThemeColor)
      : DEFAULT_SETTINGS.themeColor,
    size: (SIZES as readonly unknown[]).includes(stored.size) ? (stored.size as Size) : DEFAULT_SETTINGS.size,
  }
}
