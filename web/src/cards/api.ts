// Server calls of the card screen (SPEC §7): tabs, places, the issuing grant, card records and their state.
import type { PageResult, PropertyComponent, Result } from '@pms/protocol'
import type {
  CardIssueAuthorization,
  CardIssueRequest,
  CardRecordState,
  CardRecordView,
} from '@pms/protocol/api/card-issue'
import type { CardScopeView } from '@pms/protocol/api/card-scope'
import { http } from '../api/request.ts'

export const CARD_TAB_COMP_TYPE = 0

export interface CardRecordQuery {
  pageNum: number
  pageSize: number
  cardType?: number
  state?: CardRecordState
  roomId?: number
  cardid?: string
  /** The order's cards: those of its stays and those logged for it. */
  orderId?: number
  beginTime?: string
  endTime?: string
}

export const cardApi = {
  tabs: () =>
    http.get<Result<PropertyComponent[]>>('/system/sysPropertyComp/listAll', {
      compType: CARD_TAB_COMP_TYPE,
    }),
  scopes: () => http.get<Result<CardScopeView>>('/pms/pmsCardRecord/scopes', undefined, { quiet: true }),
  /** Quiet: the flow shows the server's translated message itself, beside the retry button. */
  grant: (body: CardIssueRequest) =>
    http.post<Result<CardIssueAuthorization>>('/pms/pmsProperty/getCardIssuerAuthorization', body, {
      quiet: true,
    }),
  records: (query: CardRecordQuery) =>
    http.get<PageResult<CardRecordView>>('/pms/pmsCardRecord/list', { ...query }),
  updateState: (recordId: number, cardid: string, state: CardRecordState, reason?: string) =>
    http.put<Result<CardRecordView>>(
      `/pms/pmsCardRecord/updateCardState/${recordId}/${encodeURIComponent(cardid)}`,
      reason ? { state, reason } : { state },
      { quiet: true },
    ),
}
