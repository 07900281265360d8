import { describe, expect, it } from 'vitest'
import { createPageSizeMemory } from './page-size-memory'

const memoryStorage = () => {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
}

describe('the remembered page size', () => {
  it('starts at 5 and keeps the last size chosen', () => {
    const memory = createPageSizeMemory(memoryStorage())
    expect(memory.current()).toBe(5)
    memory.remember(50)
    expect(memory.current()).toBe(50)
  })

  it('ignores a stored value that is not one of the sizes offered, and works without storage', () => {
    const storage = memoryStorage()
    storage.setItem('listPageSize', '1000')
    expect(createPageSizeMemory(storage).current()).toBe(5)
    expect(createPageSizeMemory(null).current()).toBe(5)
  })
})
