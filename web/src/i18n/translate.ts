// The translate signature pure modules take, so they can be tested without i18next.
export type Translate = (key: string, params?: readonly unknown[] | Record<string, unknown>) => string
