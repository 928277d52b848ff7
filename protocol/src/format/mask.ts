// Masking personal data on screen and in print (SPEC §5: phone-like strings of 10 or more characters show their first
// part, '****', and their last four — maskPhone in validators.ts; ID numbers likewise, here). Full values are shown
// only where they are edited.
export { maskPhone } from './validators.ts'

/**
 * ID numbers likewise: 10 or more characters show the first part, '****', the last four ('110101199003071234' →
 * '110****1234'). A shorter one (a passport number) keeps only its first and last two characters ('E1****78'),
 * since a full number identifies the guest; three characters or fewer are all hidden.
 */
export function maskIdNumber(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  if (!text) return ''
  if (text.length >= 10) return `${text.slice(0, 3)}****${text.slice(-4)}`
  if (text.length <= 3) return '****'
  return `${text.slice(0, 2)}****${text.slice(-2)}`
}
