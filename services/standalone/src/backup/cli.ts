/**
 * `npm run backup -- <file> [--with-secrets]` and `npm run restore -- <file>`, with the environment of
 * `npm start` (DATA_DIR, DATABASE_URL, EVENTSTORE_URL). docs/operations.md, "Backup and restore".
 */
import path from 'node:path'
import { loadStandaloneConfig } from '../config'
import { BackupRefused } from './archive'
import { fileSha256, restoreBackup, takeBackup } from './backup'

const [verb, ...args] = process.argv.slice(2)
const withSecrets = args.includes('--with-secrets')
const file = args.find((arg) => !arg.startsWith('--'))
const usage = 'usage: npm run backup -- <file> [--with-secrets]  |  npm run restore -- <file>'

async function main(): Promise<number> {
  if (!file || (verb !== 'backup' && verb !== 'restore') || (verb === 'restore' && withSecrets)) {
    console.error(usage)
    return 2
  }
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--with-secrets')
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(', ')}. ${usage}`)
    return 2
  }
  const config = loadStandaloneConfig()
  if (verb === 'backup') {
    await takeBackup(config, file, withSecrets)
    const { sha256, bytes } = await fileSha256(file)
    console.log(`Backup written to ${path.resolve(file)} (${bytes} bytes, sha256 ${sha256})`)
    if (!withSecrets)
      console.log('It holds no secrets: keep secrets.json (or your keys) apart from it (docs/operations.md, "Keys").')
    return 0
  }
  const outcome = await restoreBackup(config, file)
  console.log(
    `Restored ${path.resolve(file)} (written by version ${outcome.header.version}` +
      `${outcome.header.commit ? ` at ${outcome.header.commit.slice(0, 12)}` : ''} on ${outcome.header.createdAt}).`,
  )
  if (outcome.erasedAgain.length > 0) {
    console.log(
      `Erased again, as the erasure ledger asks: ${outcome.erasedAgain.length} erasure(s) made after the backup.`,
    )
  }
  for (const warning of outcome.warnings) console.warn(`Warning: ${warning}`)
  return 0
}

try {
  process.exitCode = await main()
} catch (error) {
  if (error instanceof BackupRefused) {
    console.error(error.message)
    process.exitCode = 1
  } else {
    console.error(error)
    process.exitCode = 1
  }
}
// The embedded database's WASM and pg's pools may keep the loop alive a moment after closing.
process.exit(process.exitCode ?? 0)
