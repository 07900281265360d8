/**
 * Text written once and read for years (the contact history) names a division by a mention, not by its name:
 * divisions are renamed, and the reader should see the name the division has now. The projector writes
 * `divisionMention(15)`; the query API turns mentions into names when it answers (`nameDivisionMentions`).
 */
export const divisionMention = (divisionId: number) => `{division:${divisionId}}`

const MENTION = /\{division:(\d+)\}/g

/** The division ids a text mentions, so the reader can look up only those names. */
export function mentionedDivisions(text: string): number[] {
  return [...text.matchAll(MENTION)].map((m) => Number(m[1]))
}

/** The text with every mention replaced by the division's name ('a division' when the id is unknown). */
export function nameDivisionMentions(text: string, nameOf: (divisionId: number) => string | undefined): string {
  return text.replace(MENTION, (_, id: string) => nameOf(Number(id)) ?? 'a division')
}
