// Menu items act on their own click (never on the menu's highlighted value, which a pointer leaving the item between
// press and release clears), and only once the menu has closed and handed focus back: a dialog opened while the menu
// is still closing fights it over focus, and the closing menu dismisses the dialog as an outside interaction.

/** The onClick of a menu item: runs `action` after the menu's own close has run. */
export function menuAction(action: () => unknown): () => void {
  return () => {
    setTimeout(() => void action(), 0)
  }
}
