import { describe, expect, it } from 'vitest'
import { mapShades, shadeIndex, shadeOf, shadeRanges } from './map-shades'

describe('the map legend and the shades agree', () => {
  it('every count from 1 to max falls in exactly the range its shade shows', () => {
    for (const max of [1, 2, 3, 7, 10, 49, 1000]) {
      const ranges = shadeRanges(max)
      for (let count = 1; count <= max; count++) {
        const holding = ranges.filter((r) => count >= r.from && count <= r.to)
        expect([max, count, holding.map((r) => r.shade)]).toEqual([max, count, [mapShades[shadeIndex(count, max)]]])
      }
    }
  })

  it('given a largest count of 3, three shades show 1, 2 and 3; zero keeps the muted fill', () => {
    expect(shadeRanges(3)).toEqual([
      { shade: mapShades[0], from: 1, to: 1 },
      { shade: mapShades[1], from: 2, to: 2 },
      { shade: mapShades[3], from: 3, to: 3 },
    ])
    expect(shadeOf(0, 3)).toBe('var(--color-muted)')
    expect(shadeOf(3, 3)).toBe(mapShades[3])
    expect(shadeRanges(0)).toEqual([])
  })

  it('given 100, the five shades take twenty counts each', () => {
    expect(shadeRanges(100).map((r) => [r.from, r.to])).toEqual([
      [1, 20],
      [21, 40],
      [41, 60],
      [61, 80],
      [81, 100],
    ])
  })
})
