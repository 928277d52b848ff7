// Statements described once per connection (PostgreSQL). node-postgres asks the server to describe a statement's
// result (a Describe message) at every execution, and from the answer builds the result's columns, one value parser
// per column and the empty row every row is copied from (Result.addFields). For the wide rows of a reservation (a
// room, an order) that was about 5 % of the Node process's CPU per request in the front-desk bench with one client,
// and PostgreSQL built and sent the description each time.
//
// A named prepared statement's columns cannot change under its name: PostgreSQL refuses to execute it instead ("cached
// plan must not change result type", which prepared.ts answers by naming every text anew). So once a connection has
// had a name's description, it executes that name with Bind and Execute alone, and the result takes the columns,
// parsers and empty row built from the first description. A statement without rows is remembered as such (PostgreSQL
// answered its Describe with NoData).
//
// The parsers depend on the type parsers the caller passed: the ORM passes its own (the same for every statement: it
// keeps dates and times as text), other callers none (the pool's). What a name has learnt is therefore kept apart by
// row mode and by whether the caller passed type parsers.

/** At most this many descriptions per connection (prepared.ts names at most 500 texts; new names after a refusal). */
const KEPT = 1000

interface Description {
  fields: unknown[]
  parsers: unknown[] | undefined
  emptyRow: unknown
}

/** The parts of node-postgres' Result a description fills (set by its addFields; not in its type declarations). */
interface ResultParts {
  fields: unknown[]
  _parsers: unknown[] | undefined
  _prebuiltEmptyResultObject: unknown
}

/** The parts of node-postgres' Query and Connection used here (not in its type declarations). */
interface QueryParts {
  name?: string
  text: string
  types?: unknown
  values?: unknown[]
  _rowMode?: string
  _results: unknown
  binary?: boolean
  portal: string
  callback?: unknown
  _result: ResultParts
  _accumulateRows: boolean
  hasBeenParsed(connection: unknown): boolean
  handleError(error: unknown, connection: unknown): void
  _getRows(connection: unknown, rows: unknown): void
  rows?: unknown
  listeners(event: string): unknown[]
}

interface ConnectionParts {
  parse(config: { text: string; name?: string; types?: unknown }): void
  bind(config: object): void
  describe(config: { type: 'P'; name: string }): void
  close(config: object): void
  sync(): void
  parsedStatements: Record<string, string>
  submittedNamedStatements: Record<string, string>
}

type Query = (...args: any[]) => any

type ResultClass = new (rowMode?: string, types?: unknown) => ResultParts

/** The keys of a config whose query is built without node-postgres' copy of it (see DescribedOnce's constructor). */
const PLAIN_KEYS = new Set(['text', 'name', 'values', 'rowMode', 'types'])
const plain = (config: object) => Object.keys(config).every((key) => PLAIN_KEYS.has(key))

interface QueryConfig {
  text: string
  name?: string
  values?: unknown[]
  rowMode?: string
  types?: unknown
}

/**
 * Loads node-postgres (lazily: a desk on PGlite never does) and answers describingOnce, which wraps a connection's
 * query(): a named statement (prepared.ts) is sent as a query that describes its result only the first time on that
 * connection; anything else goes as it came.
 */
export async function loadDescribingOnce(): Promise<<Q extends Query>(query: Q) => Q> {
  const pg = (await import('pg')).default
  const { prepareValue } = await import('pg/lib/utils.js')
  const Base = pg.Query as unknown as new (config: object | string, values?: unknown[]) => QueryParts
  return (query) => describingOnce(query, Base, prepareValue)
}

function describingOnce<Q extends Query>(
  query: Q,
  Base: new (config: object | string, values?: unknown[]) => QueryParts,
  prepareValue: (value: unknown) => unknown,
): Q {
  /** node-postgres' own handlers, which DescribedOnce's extend. */
  const base = Base.prototype as unknown as {
    handleReadyForQuery(connection: unknown): void
    handleRowDescription(message: unknown): void
    handleCommandComplete(message: unknown, connection: unknown): void
  }
  const known = new Map<string, Description>()
  const learn = (key: string, description: Description) => {
    if (known.size >= KEPT) known.clear()
    known.set(key, description)
  }

  class DescribedOnce extends Base {
    #key: string
    #described = false
    /** Its Bind could not be written: the statement was closed instead of executed (prepare). */
    #unsent = false
    constructor(config: QueryConfig, values: unknown[] | undefined, key: string) {
      if (!plain(config)) {
        super(config, values)
        this.#key = key
        return
      }
      // node-postgres copies a config given to it property by property (its descriptors: ~5 µs, ~2 % of a check-in
      // cycle's CPU); a statement of the ORM or the pool carries only these, set here as its constructor sets them.
      super(config.text)
      this.name = config.name
      this.values = values
      this.types = config.types
      this._rowMode = config.rowMode
      this._results = this._result = new (this._result.constructor as ResultClass)(
        config.rowMode,
        config.types,
      )
      this.#key = key
    }

    /**
     * node-postgres' prepare (Parse when the connection has not parsed the name, Bind, Describe, Execute, Sync),
     * without the Describe when the name's description is known on this connection.
     */
    prepare(connection: ConnectionParts): void {
      if (!this.hasBeenParsed(connection)) {
        connection.parse({ text: this.text, name: this.name, types: this.types })
        if (this.name) connection.submittedNamedStatements[this.name] = this.text
      }
      try {
        connection.bind({
          portal: this.portal,
          statement: this.name,
          values: this.values,
          binary: this.binary,
          valueMapper: prepareValue,
        })
      } catch (error) {
        // A parameter that cannot be sent (its toPostgres threw, a cycle in an object sent as JSON): the statement is
        // closed on the server, as node-postgres does. node-postgres then kept the name as parsed, so every later
        // use of the text failed with "prepared statement … does not exist", and at the answer it called the caller
        // back a second time, with success; here the name is forgotten at the answer (handleReadyForQuery), which
        // calls no one.
        this.#unsent = true
        connection.close({ type: 'S', name: this.name })
        connection.sync()
        this.handleError(error, connection)
        return
      }
      const description = known.get(this.#key)
      if (description) {
        const result = this._result
        result.fields = description.fields
        result._parsers = description.parsers
        result._prebuiltEmptyResultObject = description.emptyRow
        this._accumulateRows = Boolean(this.callback) || !this.listeners('row').length
      } else connection.describe({ type: 'P', name: this.portal })
      this._getRows(connection, this.rows)
    }

    handleReadyForQuery(connection: ConnectionParts): void {
      if (!this.#unsent) {
        base.handleReadyForQuery.call(this, connection)
        return
      }
      // Its Parse (if it went) was answered before the Close: the name is now unknown to the server and to the client.
      if (this.name) {
        delete connection.parsedStatements[this.name]
        delete connection.submittedNamedStatements[this.name]
      }
      known.delete(this.#key)
    }

    handleRowDescription(message: unknown): void {
      base.handleRowDescription.call(this, message)
      this.#described = true
      const { fields, _parsers, _prebuiltEmptyResultObject } = this._result
      learn(this.#key, { fields, parsers: _parsers, emptyRow: _prebuiltEmptyResultObject })
    }

    handleCommandComplete(message: unknown, connection: unknown): void {
      // Described and answered without a row description: the statement has no rows (NoData).
      if (!this.#described && !known.has(this.#key))
        learn(this.#key, { fields: [], parsers: undefined, emptyRow: null })
      base.handleCommandComplete.call(this, message, connection)
    }
  }

  return ((first: unknown, ...rest: unknown[]) => {
    const config = first as QueryConfig | null
    if (!config || typeof config !== 'object' || typeof config.name !== 'string' || !config.name)
      return query(first, ...rest)
    const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : config.values
    const callback =
      typeof rest.at(-1) === 'function' ? (rest.at(-1) as (e: unknown, r?: unknown) => void) : null
    const key = `${config.name}|${config.rowMode ?? ''}|${config.types ? 'own' : 'pool'}`
    const submitted = new DescribedOnce(config, values, key)
    if (callback) {
      submitted.callback = callback
      query(submitted)
      return undefined
    }
    return new Promise((resolve, reject) => {
      submitted.callback = (error: unknown, result: unknown) => (error ? reject(error) : resolve(result))
      query(submitted)
    })
  }) as Q
}
