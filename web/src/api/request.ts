// The one way the console calls the server (SPEC §7): base, timeout, headers, code reading and the §8 catalogue.
import { UNATTENDED_HEADER } from '@pms/protocol/api/auth'
import { getLanguage } from '../i18n/language.ts'
import { t } from '../i18n/t.ts'
import { attended } from '../session/attention.ts'
import { getToken, removeToken, slideToken } from '../session/token.ts'
import { feedback } from './feedback.ts'
import {
  classifyBody,
  classifyThrown,
  describeTransportFailure,
  type Outcome,
  REQUEST_TIMEOUT_MS,
  type TransportFailure,
} from './outcome.ts'
import { type Params, withQuery } from './query.ts'
import { claimReloginDialog, releaseReloginDialog, shouldReloadAfterRelogin } from './relogin.ts'

export const API_BASE = '/prod-api'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  method?: Method
  params?: Params
  /** JSON body, or FormData for uploads. */
  data?: unknown
  /** false: no bearer token even when signed in. */
  auth?: boolean
  /** true: no popup on failure; the promise still rejects. */
  quiet?: boolean
  timeoutMs?: number
  responseType?: 'json' | 'blob'
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

export function buildHeaders(auth: boolean, body: unknown): Headers {
  const headers = new Headers({ 'Accept-Language': getLanguage() })
  const token = getToken()
  if (auth && token) {
    headers.set('Authorization', `Bearer ${token}`)
    if (!attended()) headers.set(UNATTENDED_HEADER, '1')
  }
  if (body !== undefined && !(body instanceof FormData))
    headers.set('Content-Type', 'application/json;charset=utf-8')
  return headers
}

async function openRelogin(): Promise<void> {
  if (!claimReloginDialog()) return
  try {
    const confirmed = await feedback.confirm({
      title: t('console.dialog.systemTip'),
      body: t('error.sessionExpired'),
      confirmText: t('console.dialog.relogin'),
      cancelText: t('console.dialog.cancel'),
    })
    if (confirmed) {
      removeToken()
      if (shouldReloadAfterRelogin(location.pathname)) location.reload()
    }
  } finally {
    releaseReloginDialog()
  }
}

function show(outcome: Outcome, hadToken: boolean, body: unknown): string {
  switch (outcome.kind) {
    case 'ok':
      return ''
    case 'relogin': {
      if (hadToken) {
        void openRelogin()
        return outcome.text
      }
      // A call made without a session (login) answers 401 with its own reason.
      const msg = (body as { msg?: string }).msg || outcome.text
      feedback.toast('error', msg)
      return msg
    }
    case 'message':
      feedback.toast('error', outcome.text)
      return outcome.text
    case 'notification':
      feedback.notify('error', outcome.text)
      return outcome.text
  }
}

function fail(failure: TransportFailure, quiet: boolean): never {
  const text = describeTransportFailure(failure, t)
  if (!quiet) feedback.toast('error', text)
  throw new ApiError(text, failure.kind === 'status' ? failure.status : 0)
}

/** Performs a call; resolves with the envelope when its code is 200, else shows the catalogue text and rejects. */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, data, auth = true, quiet = false } = options
  const hadToken = auth && Boolean(getToken())
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS)
  let response: Response
  try {
    response = await fetch(withQuery(`${API_BASE}${url}`, params), {
      method,
      headers: buildHeaders(auth, data),
      body: data === undefined ? undefined : data instanceof FormData ? data : JSON.stringify(data),
      signal: controller.signal,
    })
  } catch (error) {
    clearTimeout(timer)
    fail(classifyThrown(error, timedOut), quiet)
  }
  try {
    if (options.responseType === 'blob' && response.ok) return (await response.blob()) as T
    const text = await response.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      if (!response.ok) fail({ kind: 'status', status: response.status }, quiet)
      return text as T
    }
    const outcome = classifyBody(body, t)
    if (outcome.kind === 'ok') {
      if (hadToken && attended()) slideToken()
      return body as T
    }
    const message = quiet ? outcome.text : show(outcome, hadToken, body)
    throw new ApiError(message, (body as { code?: number }).code ?? response.status, body)
  } catch (error) {
    if (error instanceof ApiError) throw error
    fail(classifyThrown(error, timedOut), quiet)
  } finally {
    clearTimeout(timer)
  }
}

export const http = {
  get: <T>(url: string, params?: Params, options?: RequestOptions) =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>(url, { ...options, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) =>
    request<T>(url, { ...options, method: 'PUT', data }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>(url, { ...options, method: 'DELETE' }),
}
