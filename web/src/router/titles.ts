// Page titles that depend on the property (SPEC §2.2): order pages read as check-in pages for apartments.

export const APARTMENT_CHECK_IN_FLAG = 'PmsApartmentCheckIn'

/** Screens whose titles switch, and the titles they switch to. */
export const CHECK_IN_TITLES: Record<string, string> = {
  'pms/pmsOrder/index': 'console.route.checkInManagement',
  'pms/pmsOrder/detail': 'console.route.checkInDetails',
}

export function pageTitle(screen: string, title: string, flags: readonly string[]): string {
  if (flags.includes(APARTMENT_CHECK_IN_FLAG) && CHECK_IN_TITLES[screen]) return CHECK_IN_TITLES[screen]
  return title
}
