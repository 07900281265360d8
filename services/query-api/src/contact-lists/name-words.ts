import { dealerCategories } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { likeContains, rowKeyIn, type RowKey } from '../common/list-sql'
import type { Viewer } from '../viewer'
import { contactOwnerSql } from '../visibility/visibility-sql'

/** A text whose longest word is in more than this many words of the division's names is not walked by words. */
export const NAME_WORDS_LIMIT = 100

/**
 * The words of the division's names that contain the longest word of `text` (lowered): every name that contains
 * the text has one of them (docs/decisions/044-name-words-in-name-order.md). Null when the text has no word of
 * 3 characters or more (the vocabulary's trigram index needs 3), or when they are more than NAME_WORDS_LIMIT.
 */
export async function wordsContaining(db: Kysely<unknown>, division: number, text: string): Promise<string[] | null> {
  // JavaScript's \s holds every character PostgreSQL's \s may split the names at (and more): the word taken here
  // is then always inside one word of a matching name.
  const token = text.split(/\s+/).reduce((longest, part) => (part.length > longest.length ? part : longest), '')
  if (token.length < 3) return null
  const { rows } = await sql<{ word: string }>`select word from contact_search_vocabulary
    where word like ${likeContains(token)} and division_id = ${division} limit ${NAME_WORDS_LIMIT + 1}`.execute(db)
  return rows.length > NAME_WORDS_LIMIT ? null : rows.map((r) => r.word)
}

export interface WordsWalk {
  division: number
  /** The lowered text the names must contain. */
  text: string
  /** wordsContaining's answer for it. */
  words: string[]
  /** Whose rows of the division the entries may be (the contact rule's owner half, checked from each entry). */
  viewer: Pick<Viewer, 'userId' | 'seesWholeDivision'>
  withoutDealers: boolean
  direction: 'asc' | 'desc'
  /** Further rows of contact_search to merge in, e.g. the few matches of other columns. */
  others?: RowKey[]
}

/**
 * The rows (contact_id, division_id, name_key) of the division whose name contains the text, in name order and
 * each once: the walks of its words in the words table, merged. The name, the owner and the category are checked
 * from each entry; whatever else a caller needs is for the statement around it.
 */
export function wordsWalkSql(walk: WordsWalk): RawBuilder<unknown> {
  const direction = walk.direction === 'asc' ? sql`asc` : sql`desc`
  const own = contactOwnerSql(walk.viewer, sql`w.assigned`)
  const checks = [
    sql`w.division_id = ${walk.division}`,
    sql`w.name_key like ${likeContains(walk.text)}`,
    ...(walk.withoutDealers ? [sql`coalesce(w.contact_category, 0) not in (${sql.join([...dealerCategories])})`] : []),
    ...(own ? [own] : []),
  ]
  const branches = walk.words.map(
    (word) => sql`(select w.contact_id, w.division_id, w.name_key from contact_search_words w
      where w.word = ${word} and ${sql.join(checks, sql` and `)}
      order by w.name_key ${direction}, w.contact_id ${direction})`,
  )
  if (walk.others && walk.others.length > 0) {
    branches.push(
      sql`(select s.contact_id, s.division_id, s.name_key from contact_search s where ${rowKeyIn(walk.others)})`,
    )
  }
  if (branches.length === 0) branches.push(sql`(select null::uuid, null::int, null::text where false)`)
  return sql`(select distinct on (c.name_key, c.contact_id) c.contact_id, c.division_id, c.name_key
    from (${sql.join(branches, sql` union all `)}) c(contact_id, division_id, name_key)
    order by c.name_key ${direction}, c.contact_id ${direction})`
}
