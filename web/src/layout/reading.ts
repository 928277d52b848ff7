// How a Chinese title reads (toneless pinyin), so a search finds '预订' from '预定' and '房态图' from '房太图':
// desk staff type by sound, and a one-character slip in a two-character word is past any fuzzy threshold.
// Loaded with the header search's first use; the dictionary is large.
import { pinyin } from 'pinyin-pro'

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/

export function hasChinese(text: string): boolean {
  return CJK.test(text)
}

export function reading(text: string): string {
  return pinyin(text, { toneType: 'none', separator: '', nonZh: 'consecutive', v: true }).toLowerCase()
}
