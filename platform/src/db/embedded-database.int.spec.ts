import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from './database'

describe('the embedded database in a directory', () => {
  const parents: string[] = []
  afterAll(() => Promise.all(parents.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('is created on first start by a process of its own, renamed into place, and opened again with its data', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'))
    parents.push(parent)
    const dataDir = path.join(parent, 'pglite')

    const first = await createDatabase({ dataDir })
    await sql`create table kept (word text)`.execute(first.db)
    await sql`insert into kept values ('still here')`.execute(first.db)
    await first.close()
    // Only the cluster itself: the sibling it was made in is gone.
    expect(await readdir(parent)).toEqual(['pglite'])
    expect(await readdir(dataDir)).toContain('PG_VERSION')

    const again = await createDatabase({ dataDir })
    const { rows } = await sql<{ word: string }>`select word from kept`.execute(again.db)
    await again.close()
    expect(rows).toEqual([{ word: 'still here' }])
  })

  it('opens a directory that was made empty beforehand', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'))
    parents.push(parent)
    const database = await createDatabase({ dataDir: parent })
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db)
    await database.close()
    expect(rows).toEqual([{ one: 1 }])
    expect(await readdir(path.dirname(parent))).not.toContain(`${path.basename(parent)}.creating-${process.pid}`)
  })

  it('removes what a creation killed half way left behind, and leaves one a live process is making', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'))
    parents.push(parent)
    const dataDir = path.join(parent, 'pglite')
    // A process id no process has (above Linux's pid_max), and this test's parent process, which is alive.
    const abandoned = `${dataDir}.creating-4194999`
    const live = `${dataDir}.creating-${process.ppid}`
    for (const dir of [abandoned, live]) {
      await mkdir(dir)
      await writeFile(path.join(dir, 'half-made'), 'x')
    }
    const database = await createDatabase({ dataDir })
    await database.close()
    expect((await readdir(parent)).sort()).toEqual(['pglite', path.basename(live)])
  })
})
