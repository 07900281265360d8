/**
 * The repository stands alone: a clone with nothing beside it must install, start, test and explain itself.
 * These checks fail when a tracked file names a path outside the repository, or when a Markdown link in the
 * README or docs/ points at nothing.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Tracked and untracked-but-not-ignored files, as a fresh clone would have them after a commit. */
function repoFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return out.split('\0').filter((f) => f !== '' && existsSync(path.join(repoRoot, f)))
}

const textFile = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|sh|css|html|csv)$|(^|\/)(Dockerfile|run|\.gitignore)$/
const thisFile = path.relative(repoRoot, fileURLToPath(import.meta.url))

/** The folder that sits beside the repository on some machines; spelled in parts so this file does not name it. */
const siblingFolder = ['..', 'shared', ''].join('/')

const inside = (p: string) => p === repoRoot || p.startsWith(repoRoot + path.sep)

/** Relative paths that climb out of the repository from where they are written. */
function pathsOutside(file: string, text: string): string[] {
  const found: string[] = []
  // A template such as `../../${name}/**` (an import pattern in the lint config) names no path by itself.
  for (const match of text.matchAll(/(?:\.\.\/)+(\$\{)?(?:[\w@-][\w./@-]*)?/g)) {
    if (match[1]) continue
    const target = path.resolve(repoRoot, path.dirname(file), match[0])
    // A relative path is judged from the file's folder and, for scripts run from the root, from the root.
    const fromRoot = path.resolve(repoRoot, match[0])
    if (!inside(target) && !inside(fromRoot)) found.push(match[0])
  }
  return found
}

describe('the repository stands alone', () => {
  const files = repoFiles().filter((f) => textFile.test(f) && f !== thisFile && !f.endsWith('package-lock.json'))

  it('names no path outside itself', () => {
    const offenders: string[] = []
    for (const file of files) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8')
      if (text.includes(siblingFolder)) offenders.push(`${file}: ${siblingFolder}`)
      for (const outside of pathsOutside(file, text)) offenders.push(`${file}: ${outside}`)
    }
    expect(offenders).toEqual([])
  })

  it('has Markdown links that resolve inside the repository', () => {
    const broken: string[] = []
    const markdown = files.filter((f) => f.endsWith('.md'))
    expect(markdown).toContain('README.md')
    for (const file of markdown) {
      const text = readFileSync(path.join(repoRoot, file), 'utf8')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue
        const resolved = path.resolve(repoRoot, path.dirname(file), decodeURI(target.split('#')[0]!))
        if (!inside(resolved) || !existsSync(resolved)) broken.push(`${file}: ${target}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('links the README to the product, architecture and API docs', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
    for (const doc of ['docs/product.md', 'docs/architecture.md', 'docs/api.md']) {
      expect(readme).toContain(`](${doc})`)
    }
  })
})
