// Which language the bridge speaks: the request's Accept-Language over HTTP, the locale (LANG) on the terminal.
import { type Language, pickLanguage } from '@pms/protocol'

/** Terminal messages are in English unless the locale asks for Chinese (zh_CN → zh-CN; zh_HK, zh_TW → zh-HK). */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  if (!locale.toLowerCase().startsWith('zh')) return 'en-US'
  return pickLanguage(locale.split('.')[0]?.replace('_', '-'))
}

/** The language of an HTTP request, from its Accept-Language header. */
export function requestLanguage(headers: { 'accept-language'?: string | string[] }): Language {
  const header = headers['accept-language']
  return pickLanguage(Array.isArray(header) ? header[0] : header)
}
