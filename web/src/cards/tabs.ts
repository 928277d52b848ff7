// The card screen's tabs (SPEC §2.8): the compType-0 components the server kept for this user, mapped to panels.
import type { PropertyComponent } from '@pms/protocol'

export type CardPanel =
  | { kind: 'issue'; family: 'tm' | 'ht' | 'bleV3'; protocols: readonly string[] }
  | { kind: 'record' }

export interface CardTab {
  /** The component name, also the tab's value. */
  name: string
  /** Language-pack key (or server text) of the tab title. */
  label: string
  panel: CardPanel
}

/** Card protocol categories each issuing family writes (Tm: M157 and Z-M; Ht: BLE v2; BLE v3: its MIFARE cards). */
export const PANELS: Record<string, CardPanel> = {
  PmsTmManageCard: { kind: 'issue', family: 'tm', protocols: ['M157', 'Z-M'] },
  PmsHtManageCard: { kind: 'issue', family: 'ht', protocols: ['BLE_V2'] },
  PmsBleV3ManageCard: { kind: 'issue', family: 'bleV3', protocols: ['BLE_V3'] },
  PmsCardRecord: { kind: 'record' },
}

export const ISSUE_CARD_LABEL = 'cardConsole.tab.issueCard'

/** Known components in the server's order; a lone issuing tab is labelled 'issue card'. */
export function cardTabs(components: readonly PropertyComponent[]): CardTab[] {
  const tabs = components
    .filter((c) => c.component in PANELS)
    .map((c) => ({ name: c.component, label: c.tabName, panel: PANELS[c.component]! }))
  const issuing = tabs.filter((t) => t.panel.kind === 'issue')
  if (issuing.length === 1) issuing[0]!.label = ISSUE_CARD_LABEL
  return tabs
}
