// Query-string encoding of call parameters: empty values dropped, nested objects as key[sub], arrays repeated.

export type Params = Record<string, unknown>

export function encodeQuery(params: Params | undefined): string {
  if (!params) return ''
  const parts: string[] = []
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return
    if (Array.isArray(value)) for (const v of value) add(key, v)
    else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Params)) add(`${key}[${k}]`, v)
    else parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  }
  for (const [k, v] of Object.entries(params)) add(k, v)
  return parts.join('&')
}

export function withQuery(url: string, params: Params | undefined): string {
  const q = encodeQuery(params)
  if (!q) return url
  return `${url}${url.includes('?') ? '&' : '?'}${q}`
}
