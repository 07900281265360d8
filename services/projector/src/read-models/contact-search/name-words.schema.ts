import { sql } from 'kysely'
import type { Executor, TableNames } from '../../runtime/projection'

export type ContactSearchWordTables = TableNames<
  'contact_search' | 'contact_search_words' | 'contact_search_vocabulary'
>

/**
 * The words of the contacts' names in name order (docs/decisions/044-name-words-in-name-order.md).
 *
 * `contact_search_words` holds a row per word of each row of contact_search (its division, the lowered name,
 * the owner and the category): a page of the contacts whose name contains "lakes" walks the rows of the words
 * that contain it, in name order, and meets only matches, where a walk of the whole division steps over every
 * name before them. `contact_search_vocabulary` holds each division's distinct words, with a trigram index, to
 * find the words that contain a text.
 *
 * Both follow contact_search through statement triggers on it, so every way a row is written (the projection's
 * handlers, a rebuild, a replay, a test or a benchmark writing the table directly) keeps them exact. The triggers
 * find the two tables by the name of the table they fire on (`…contact_search…` → `…contact_search_words…`),
 * which holds through the rename a rebuild ends with.
 */
export async function migrateNameWords(trx: Executor, tables: ContactSearchWordTables): Promise<void> {
  const { contact_search: t, contact_search_words: w, contact_search_vocabulary: v } = tables
  // The key is the walk's order within a word; the owner and the category are included so that a rep's scope and
  // the dealers' exclusion are checked from the entry.
  await sql`
    create table ${sql.table(w)} (
      division_id int not null,
      word text not null,
      name_key text not null,
      contact_id uuid not null,
      assigned uuid,
      contact_category int,
      primary key (division_id, word, name_key, contact_id) include (assigned, contact_category)
    )`.execute(trx)
  await sql`create table ${sql.table(v)} (division_id int not null, word text not null, primary key (division_id, word))`.execute(
    trx,
  )
  await sql`create index on ${sql.table(v)} using gin (word public.gin_trgm_ops)`.execute(trx)
  await createSyncFunctions(trx)
  for (const [event, transition] of [
    ['insert', 'new table as n'],
    ['update', 'old table as o new table as n'],
    ['delete', 'old table as o'],
  ] as const) {
    await sql`create trigger ${sql.id(`${t}_words_${event}`)} after ${sql.raw(event)} on ${sql.table(t)}
      referencing ${sql.raw(transition)} for each statement
      execute function ${sql.raw(`contact_search_words_on_${event}`)}()`.execute(trx)
  }
}

/** The words of a lowered name, as the walk's rows hold them: split at white space, each once. */
const WORDS_OF = (name: string) =>
  `(select distinct part from regexp_split_to_table(${name}, '\\s+') part where part <> '')`

/**
 * The three trigger functions, shared by every copy of the tables (created again, the same, by each migration).
 * Each names its tables through `format` from the name of the table it fires on.
 */
async function createSyncFunctions(trx: Executor): Promise<void> {
  const tablesOf = `
    words text := regexp_replace(tg_table_name, 'contact_search(_v[0-9]+(_rebuild)?)?$', 'contact_search_words\\1');
    vocabulary text := regexp_replace(tg_table_name, 'contact_search(_v[0-9]+(_rebuild)?)?$',
      'contact_search_vocabulary\\1');`
  // The rows of `source` (a transition table) that are not deleted, into the walk and the vocabulary.
  const add = (source: string) => `
    execute format($q$
      with added as (
        select r.division_id, y.word, r.name_key, r.contact_id, r.assigned, r.contact_category
        from ${source} r cross join lateral ${WORDS_OF('r.name_key')} y(word) where not r.deleted),
      vocabulary as (
        insert into %1$I.%3$I (division_id, word) select distinct division_id, word from added on conflict do nothing)
      insert into %1$I.%2$I (division_id, word, name_key, contact_id, assigned, contact_category)
      select * from added on conflict do nothing$q$, tg_table_schema, words, vocabulary);`
  // The walk's rows of `source`, then each of their words no row of the division holds any more.
  const remove = (source: string) => `
    execute format($q$
      delete from %1$I.%2$I x using ${source} r cross join lateral ${WORDS_OF('r.name_key')} y(word)
      where x.division_id = r.division_id and x.word = y.word and x.name_key = r.name_key
        and x.contact_id = r.contact_id$q$, tg_table_schema, words);
    execute format($q$
      delete from %1$I.%3$I v using (select distinct r.division_id, y.word
          from ${source} r cross join lateral ${WORDS_OF('r.name_key')} y(word)) gone
      where v.division_id = gone.division_id and v.word = gone.word
        and not exists (select 1 from %1$I.%2$I x where x.division_id = gone.division_id and x.word = gone.word)
      $q$, tg_table_schema, words, vocabulary);`
  const define = (event: string, body: string) =>
    sql`create or replace function ${sql.raw(`contact_search_words_on_${event}`)}() returns trigger
      language plpgsql as ${sql.lit(`declare ${tablesOf} begin ${body} return null; end`)}`.execute(trx)
  await define('insert', add('n'))
  await define('delete', remove('o'))
  // Rows renamed, deleted or brought back: their old rows out, their new rows in. Rows given another owner or
  // category: their rows keep their place in the walk and take the new values.
  const changed = (side: 'o' | 'n', what: string) => `(select ${side}.* from o join n using (contact_id, division_id)
    where ${what})`
  const renamed = '(o.name_key, o.deleted) is distinct from (n.name_key, n.deleted)'
  const reowned = `(o.name_key, o.deleted) is not distinct from (n.name_key, n.deleted)
    and (o.assigned, o.contact_category) is distinct from (n.assigned, n.contact_category)`
  const update = `
    execute format($q$
      update %1$I.%2$I x set assigned = r.assigned, contact_category = r.contact_category
      from ${changed('n', reowned)} r cross join lateral ${WORDS_OF('r.name_key')} y(word)
      where x.division_id = r.division_id and x.word = y.word and x.name_key = r.name_key
        and x.contact_id = r.contact_id$q$, tg_table_schema, words);`
  await define('update', remove(changed('o', renamed)) + add(changed('n', renamed)) + update)
}
