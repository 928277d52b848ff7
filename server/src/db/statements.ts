// How many statements this process has sent to its database (BEGIN and COMMIT included): benchmarks print it per
// request beside each figure. One add per statement; nothing reads it on a request's path.
export const statementCounter = { count: 0 }
