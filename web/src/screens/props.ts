// What every screen receives from the router.
export interface ScreenProps {
  /** Path parameters, e.g. { dictId: '7' }. */
  params: Record<string, string>
}
