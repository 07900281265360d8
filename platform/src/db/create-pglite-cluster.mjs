// Creates a new, empty PGlite database cluster in the directory given as the first argument, then exits.
// Run as its own process by database.ts (createPglite): PGlite's initdb and the data bundle it unpacks take
// several hundred megabytes that, in the server's process, were given back only when V8 collected them.
// Like PostgreSQL's own initdb, it is a separate program that runs once.
import { PGlite } from '@electric-sql/pglite'

const dataDir = process.argv[2]
if (!dataDir) {
  console.error('usage: create-pglite-cluster.mjs <data directory>')
  process.exit(2)
}
const pglite = await PGlite.create({ dataDir })
await pglite.close()
