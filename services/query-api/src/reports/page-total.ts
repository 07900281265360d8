/**
 * A drill-down page's total: the window count its rows carry, or, when the page lies past the end and has no
 * rows to carry it, counted on its own.
 */
export async function pageTotal(
  rows: readonly Record<string, unknown>[],
  first: number,
  count: () => Promise<number>,
): Promise<number> {
  const carried = rows[0]?.total as number | undefined
  if (carried !== undefined) return carried
  return first > 0 ? count() : 0
}
