import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { FIRST_SCREENS, firstScreenPages } from './web-app'

const INDEX_HTML =
  '<html><head><script type="module" src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js"></head><body></body></html>'

describe('the first screens name their chunks up front', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

  async function built(manifest?: object): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'crm-first-screens-'))
    dirs.push(root)
    if (manifest) {
      await mkdir(path.join(root, '.vite'))
      await writeFile(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest))
    }
    return root
  }

  it("links the contacts screen's chunk and everything it imports, once each, but not what the page names already", async () => {
    const root = await built({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'] },
      '_react-B.js': { file: 'assets/react-B.js' },
      '_form-C.js': { file: 'assets/form-C.js', imports: ['_react-B.js'] },
      '_input-D.js': { file: 'assets/input-D.js', imports: ['_form-C.js'] },
      'src/features/contact-lists/contact-list-page.tsx': {
        file: 'assets/list-page-E.js',
        imports: ['_react-B.js', '_form-C.js', '_input-D.js'],
      },
    })
    const pages = firstScreenPages(root, INDEX_HTML)
    const contacts = pages.get('/contacts')!
    const links = [...contacts.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(links).toEqual(['/assets/react-B.js', '/assets/list-page-E.js', '/assets/form-C.js', '/assets/input-D.js'])
    expect(contacts.indexOf('list-page-E.js')).toBeLessThan(contacts.indexOf('</head>'))
    // Screens the build does not have, and every other address, get index.html as it is.
    expect(pages.has('/')).toBe(false)
  })

  it('serves index.html as it is without a manifest', async () => {
    expect(firstScreenPages(await built(), INDEX_HTML).size).toBe(0)
  })

  it('names modules the web app has', () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web')
    for (const module of Object.values(FIRST_SCREENS)) expect(existsSync(path.join(web, module)), module).toBe(true)
  })
})
