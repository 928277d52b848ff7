// File downloads (SPEC §7, §8): POST answering a blob; a JSON error inside the blob is shown, else the file is saved.
import { t } from '../i18n/t.ts'
import { inspectDownload } from './blob.ts'
import { feedback } from './feedback.ts'
import { request } from './request.ts'

/** Posts `data` to `url`, saves the answer as `filename` and says whether it worked. */
export async function download(url: string, data: unknown, filename: string): Promise<boolean> {
  const blob = await request<Blob>(url, { method: 'POST', data, responseType: 'blob' })
  const verdict = await inspectDownload(blob, t)
  if (!verdict.ok) {
    feedback.toast('error', verdict.text)
    return false
  }
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(href)
  feedback.toast('success', t('console.download.success'))
  return true
}
