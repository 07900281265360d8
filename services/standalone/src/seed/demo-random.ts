/** A small seeded generator (mulberry32): the same seed gives the same demo on every machine. */
export interface Random {
  (): number
  int(min: number, max: number): number
  pick<T>(list: readonly T[]): T
  chance(p: number): boolean
  weighted<T>(entries: readonly (readonly [T, number])[]): T
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 1
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }) as Random
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1))
  next.pick = (list) => list[Math.floor(next() * list.length)]!
  next.chance = (p) => next() < p
  next.weighted = (entries) => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0)
    let at = next() * total
    for (const [value, weight] of entries) {
      at -= weight
      if (at < 0) return value
    }
    return entries.at(-1)![0]
  }
  return next
}
