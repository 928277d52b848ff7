// node-postgres' own helpers, reached by their path (the package exports ./lib/*; its type declarations leave them out).
declare module 'pg/lib/utils.js' {
  /** A parameter as node-postgres writes it to the wire (text, a Buffer or null). */
  export function prepareValue(value: unknown): unknown
}
