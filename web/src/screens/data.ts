// The first data of a screen that a first load should not wait for the screen to draw before asking: the router
// asks it beside the screen's code while the session is still arriving (AppRouter). Add a screen whose first
// request is heavy; its hook takes the early answer when it mounts.
import { askChartEarly } from '../room-status/early.ts'

export const screenData: Record<string, () => void> = {
  'pms/roomStatus/index': askChartEarly,
}
