// The per-language pack modules made by web/build/language-packs.ts.
declare module 'virtual:pms-pack/*' {
  const messages: Record<string, string>
  export default messages
}
