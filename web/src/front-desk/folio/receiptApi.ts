// Server calls of receipts and expenses (protocol/src/api/billing.ts): the receipt of a deposit or payment, and
// posting an expense paid out for the guest (keyed like every money-moving post).
import type { Result } from '@pms/protocol'
import type { ExpenseRequest, FolioEntryView, ReceiptView } from '@pms/protocol/api/billing'
import { http } from '../../api/request.ts'

export const receiptApi = {
  get: (entryId: number) => http.get<Result<ReceiptView>>(`/pms/pmsFolio/receipt/${entryId}`),
  expense: (body: ExpenseRequest & { idempotencyKey: string }) =>
    http.post<Result<FolioEntryView>>('/pms/pmsFolio/expense', body),
}

/** The printable receipt page of an entry (opened in a new tab). */
export const receiptPath = (entryId: number) => `/pmsFolio/receipt?entryId=${entryId}`
