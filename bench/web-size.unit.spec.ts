import { describe, expect, it } from 'vitest'
import { scriptsToLoad, type Manifest } from './web-size'

// The shape Vite writes: an entry, shared chunks ("_" keys), and lazy screens that import some of them.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js', '_router-t1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_router-t1.js': { file: 'assets/router-t1.js', imports: ['_react-r1.js'] },
  '_button-b1.js': { file: 'assets/button-b1.js', imports: ['_react-r1.js'] },
  '_table-x1.js': { file: 'assets/table-x1.js', imports: ['_button-b1.js'] },
  'src/login-page.tsx': { file: 'assets/login-page-l1.js', imports: ['_button-b1.js'] },
  'src/app-shell.tsx': { file: 'assets/app-shell-s1.js', imports: ['_button-b1.js'] },
  'src/contacts-page.tsx': { file: 'assets/contacts-page-c1.js', imports: ['_table-x1.js'] },
}

describe('scriptsToLoad', () => {
  it('takes the entry and its static imports, once each, when a screen loads nothing lazily', () => {
    expect(scriptsToLoad(manifest, [])).toEqual(['assets/index-e1.js', 'assets/react-r1.js', 'assets/router-t1.js'])
  })

  it("adds the screen's lazy chunks and what they import, transitively, and nothing of other screens", () => {
    const login = scriptsToLoad(manifest, ['src/login-page.tsx'])
    expect(login).toHaveLength(5)
    expect(login).toEqual(expect.arrayContaining(['assets/login-page-l1.js', 'assets/button-b1.js']))
    expect(login).not.toContain('assets/table-x1.js')

    const contacts = scriptsToLoad(manifest, ['src/app-shell.tsx', 'src/contacts-page.tsx'])
    expect(contacts).toEqual(
      expect.arrayContaining(['assets/app-shell-s1.js', 'assets/contacts-page-c1.js', 'assets/table-x1.js']),
    )
    expect(contacts).toHaveLength(7)
    expect(contacts).not.toContain('assets/login-page-l1.js')
  })

  it('fails loudly when a lazy module is not in the build, rather than measuring too little', () => {
    expect(() => scriptsToLoad(manifest, ['src/moved-page.tsx'])).toThrow(/src\/moved-page.tsx/)
  })
})
