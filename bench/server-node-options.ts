import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The Node options `npm start` runs the server with (package.json `config.serverNodeOptions`: a heap cap, so
 * that V8 collects before the process grows past what a small server has; docs/decisions/016), for benches
 * that start the server themselves and must measure it as it runs.
 */
export const serverNodeOptions: string = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { config: { serverNodeOptions: string } }
).config.serverNodeOptions
