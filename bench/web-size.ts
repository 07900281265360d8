/**
 * The JavaScript a browser downloads before a screen of the web app can be used, read from the build (web/dist
 * and its Vite manifest): the brotli files the build writes beside each script, which the server sends as they
 * are. No server, no database: `npx tsx bench/web-size.ts` runs it alone after `npm run build:web`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchRow } from './contact-lists/bench-row'

/** One chunk of Vite's build manifest (dist/.vite/manifest.json): the fields read here. */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  /** Keys of the chunks it imports statically: fetched before it runs. */
  imports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface Screen {
  path: string
  /** Manifest keys (source paths under web/) of the components its routes load lazily. */
  lazyModules: string[]
  targetKb: number
}

export const screens: Screen[] = [
  { path: '/login', lazyModules: [], targetKb: 120 },
  {
    path: '/contacts',
    lazyModules: ['src/features/shell/app-shell.tsx', 'src/features/contact-lists/contact-list-page.tsx'],
    targetKb: 250,
  },
]

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist')
const KB = 1000

/**
 * The script files a screen needs before it is interactive: the entry, the screen's lazy chunks, and every
 * chunk those import statically, transitively. Their dynamic imports (other screens, windows opened later)
 * are not fetched until used and stay out.
 */
export function scriptsToLoad(manifest: Manifest, lazyModules: readonly string[]): string[] {
  const visited = new Set<string>()
  const visit = (key: string) => {
    if (visited.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest (moved or renamed? see bench/web-size.ts)`)
    visited.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  for (const key of [...entries, ...lazyModules]) visit(key)
  return [...new Set([...visited].map((key) => manifest[key]!.file))]
}

function sizeOf(file: string): number {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build:web first`)
  return statSync(file).size
}

/** One row per screen, in kilobytes of 1,000 bytes. */
export function measureWebSize(dist = WEB_DIST): BenchRow[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const builtAt = statSync(manifestFile).mtime.toISOString().slice(0, 16).replace('T', ' ')
  return screens.map((screen) => {
    const files = scriptsToLoad(manifest, screen.lazyModules).map((file) => path.join(dist, file))
    const brotli = files.reduce((sum, file) => sum + sizeOf(`${file}.br`), 0) / KB
    const raw = files.reduce((sum, file) => sum + sizeOf(file), 0) / KB
    return {
      name: `JavaScript loaded before ${screen.path} is interactive, brotli`,
      value: brotli,
      unit: 'kB',
      target: `< ${screen.targetKb} kB`,
      pass: brotli < screen.targetKb,
      note: `${files.length} files, ${Math.round(raw)} kB uncompressed; build of ${builtAt} UTC`,
    }
  })
}

export const webSizeTitle = 'Web app: JavaScript before a screen is interactive (web/dist)'

export function printWebSize(rows: BenchRow[]): void {
  console.table(rows.map(({ name, value, target, pass }) => ({ name, kB: Number(value.toFixed(1)), target, pass })))
}

if (import.meta.url === `file://${process.argv[1]}`) printWebSize(measureWebSize())
