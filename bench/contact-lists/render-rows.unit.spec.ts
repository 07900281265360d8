import { describe, expect, it } from 'vitest'
import { replaceSection } from './render-rows'

describe('replaceSection', () => {
  const doc = '# Bench\n\n## Lists\n\nold rows\n\n## Web\n\nweb rows\n'

  it('replaces the section up to the next one and keeps the rest', () => {
    expect(replaceSection(doc, 'Lists', '## Lists\n\nnew rows\n')).toBe(
      '# Bench\n\n## Lists\n\nnew rows\n\n## Web\n\nweb rows\n',
    )
  })

  it('replaces the last section to the end', () => {
    expect(replaceSection(doc, 'Web', '## Web\n\nnew\n')).toBe('# Bench\n\n## Lists\n\nold rows\n\n## Web\n\nnew\n')
  })

  it('appends a section the document does not have', () => {
    expect(replaceSection('# Bench\n', 'Lists', '## Lists\n')).toBe('# Bench\n\n## Lists\n')
  })
})
