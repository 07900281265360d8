import { sql, type RawBuilder } from 'kysely'

/** Counting stops here: exact totals of huge lists cost more than they tell. */
export const COUNT_CAP = 10_000

/** The user's text as a LIKE pattern that matches it literally: their `%`, `_` and `\` are not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
/** LIKE / ILIKE pattern: the text anywhere (docs/product.md 9: filters match by "contains"). */
export const likeContains = (text: string) => `%${escapeLike(text)}%`
/** LIKE pattern: values starting with the text (DOT and MC numbers, so their indexes serve the filter). */
export const likeStartsWith = (text: string) => `${escapeLike(text)}%`

/** Counts the rows of a FROM ... WHERE, stopping one past COUNT_CAP so the answer can say it stopped. */
export const cappedCountSql = (from: RawBuilder<unknown>) =>
  sql<{ n: string }>`select count(*) as n from (select 1 ${from} limit ${COUNT_CAP + 1}) capped`

export const cappedTotal = (n: number) => ({ total: Math.min(n, COUNT_CAP), totalIsCapped: n > COUNT_CAP })
