/** Five steps from pale to deep blue for the map; a state at zero keeps the page's muted fill. */
export const mapShades = ['#dbeafe', '#93c5fd', '#3b82f6', '#1d4ed8', '#1e3a8a'] as const

/** Which shade (0-4) a count of 1..max takes: the range 1..max cut in five equal parts. */
export const shadeIndex = (count: number, max: number) =>
  Math.min(mapShades.length - 1, Math.floor(((count - 1) * mapShades.length) / max))

export function shadeOf(count: number, max: number): string {
  if (count <= 0 || max <= 0) return 'var(--color-muted)'
  return mapShades[shadeIndex(count, max)]!
}

/** The counts each shade stands for (the legend), shades no whole count falls in left out. */
export function shadeRanges(max: number): { shade: string; from: number; to: number }[] {
  if (max <= 0) return []
  return mapShades.flatMap((shade, i) => {
    const from = Math.ceil((i * max) / mapShades.length) + 1
    const to = Math.min(max, Math.ceil(((i + 1) * max) / mapShades.length))
    return to < from ? [] : [{ shade, from, to }]
  })
}
