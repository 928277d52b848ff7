// Plural placeholders of the language packs, shared by the server's translate and the console's i18next.
type Params = readonly unknown[] | Record<string, unknown>
const paramOf = (params: Params, name: string) =>
  Array.isArray(params) ? params[Number(name)] : (params as Record<string, unknown>)[name]

/**
 * Fills plural placeholders: `{0|night|nights}` is the number then the word for one or for any other count
 * ('1 night', '2 nights'). Languages without plurals (Chinese) simply write `{0}晚`. The console runs it after
 * i18next, which leaves these placeholders alone.
 */
export function fillPlurals(text: string, params: Params | undefined): string {
  if (!params || !text.includes('|')) return text
  return text.replace(
    /\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g,
    (whole, name: string, one: string, other: string) => {
      const value = paramOf(params, name)
      if (value === undefined) return whole
      return `${String(value)} ${Number(value) === 1 ? one : other}`
    },
  )
}
