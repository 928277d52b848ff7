// Path patterns of the route table: `:name` matches one segment, `:name(regex)` matches the regex.

export interface CompiledPattern {
  pattern: string
  regex: RegExp
  names: string[]
}

export function compilePattern(pattern: string): CompiledPattern {
  const names: string[] = []
  const source = pattern.replace(
    /:(\w+)(\(([^)]*(?:\([^)]*\)[^)]*)*)\))?|[.*+?^${}()|[\]\\]/g,
    (whole, name, _g, re) => {
      if (!name) return `\\${whole}`
      names.push(name)
      return `(${re ?? '[^/]+'})`
    },
  )
  return { pattern, regex: new RegExp(`^${source}/?$`), names }
}

export function matchPattern(compiled: CompiledPattern, path: string): Record<string, string> | null {
  const m = compiled.regex.exec(path)
  if (!m) return null
  return Object.fromEntries(compiled.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]))
}
