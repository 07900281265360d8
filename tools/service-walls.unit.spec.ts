/**
 * The walls between the feature folders of the services and of contracts (docs/decisions/050-service-walls.md)
 * hold: the lint config rejects a deliberate violation of each, accepts the import the table allows, and refuses to
 * load a table with a cycle or a folder it does not declare.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { checkServiceWalls, findCycle, partFolders, serviceWalls } from './service-walls.js'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const eslint = new ESLint({ cwd: repoRoot })

/** The messages of the walls rule for a snippet linted as if it were the file at `filePath`. */
async function wallMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages.filter((m) => m.ruleId === 'walls/service-walls').map((m) => m.message)
}

describe('the walls between feature folders of the services', () => {
  it('rejects a feature importing one above it, which would close a cycle (contacts → logistics)', async () => {
    const messages = await wallMessages(
      'services/command-api/src/contacts/violation.ts',
      "import { assertSeesLogisticsCustomer } from '../logistics/customer-access'\nexport const used = assertSeesLogisticsCustomer\n",
    )
    expect(messages).toEqual([expect.stringContaining('The contacts feature of command-api imports no other feature')])
  })

  it('rejects tasks → referrals in the command API, and names where the flow goes instead', async () => {
    const messages = await wallMessages(
      'services/command-api/src/tasks/violation.ts',
      "import { recordReferralTaskCompleted } from '../referrals/referral-task-completed'\nexport const used = recordReferralTaskCompleted\n",
    )
    expect(messages).toEqual([expect.stringMatching(/may import only contacts, users, not referrals.*workflows\//)])
  })

  it('rejects a feature importing workflows/, and a shared folder importing a feature', async () => {
    const workflows = await wallMessages(
      'services/command-api/src/tasks/violation.ts',
      "import { completeAndFollowUp } from '../workflows/complete-task'\nexport const used = completeAndFollowUp\n",
    )
    expect(workflows).toEqual([expect.stringContaining('do not import workflows/')])
    const shared = await wallMessages(
      'services/command-api/src/command-handling/violation.ts',
      "export { contactDecider } from '../contacts/decide'\n",
    )
    expect(shared).toEqual([expect.stringContaining('command-handling/ is shared by every feature')])
  })

  it('rejects the same in the query API, the projector and contracts', async () => {
    const query = await wallMessages(
      'services/query-api/src/contacts/violation.ts',
      "const load = () => import('../time-travel/routes')\nexport const used = load\n",
    )
    expect(query).toEqual([expect.stringContaining('The contacts feature of query-api')])
    const projector = await wallMessages(
      'services/projector/src/read-models/opportunities/violation.ts',
      "import { opportunityDashboardProjection } from '../opportunity-dashboard/opportunity-dashboard.projection'\nexport const used = opportunityDashboardProjection\n",
    )
    expect(projector).toEqual([expect.stringContaining('The opportunities feature of projector imports no other')])
    const contracts = await wallMessages(
      'contracts/src/common/violation.ts',
      "import { upcastLessee } from '../contacts/lessee'\nexport const used = upcastLessee\n",
    )
    expect(contracts).toEqual([expect.stringContaining('common/ is shared by every feature of contracts')])
  })

  it('accepts an import the table lists, the shared folders, and workflows importing features', async () => {
    const allowed = await wallMessages(
      'services/command-api/src/logistics/allowed.ts',
      "import { contactDecider } from '../contacts/decide'\nimport { envelopeOf } from '../command-handling/command-envelope'\nexport const used = [contactDecider, envelopeOf]\n",
    )
    expect(allowed).toEqual([])
    const workflow = await wallMessages(
      'services/command-api/src/workflows/allowed.ts',
      "import { recordReferralTaskCompleted } from '../referrals/referral-task-completed'\nexport const used = recordReferralTaskCompleted\n",
    )
    expect(workflow).toEqual([])
  })

  it('refuses a table with a cycle, and one that misses a folder', () => {
    const part = serviceWalls['command-api']
    const cyclic = { ...part, features: { ...part.features, contacts: ['logistics'] } }
    expect(findCycle(cyclic.features)).toMatch(/contacts → logistics → contacts|logistics → contacts → logistics/)
    expect(() => checkServiceWalls('command-api', cyclic)).toThrow(/cycle/)
    expect(() => checkServiceWalls('command-api', part, [...partFolders(part), 'weather'])).toThrow(
      /Declare the dependencies of weather/,
    )
    for (const [name, each] of Object.entries(serviceWalls)) {
      expect(findCycle(each.features)).toBeNull()
      expect(() => checkServiceWalls(name, each)).not.toThrow()
    }
  })
})
