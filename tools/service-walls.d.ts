/** Types of tools/service-walls.js, which eslint.config.js imports as plain JavaScript. */
import type { Rule } from 'eslint'
export type DependencyTable = Record<string, string[]>
export interface ServicePart {
  dir: string
  featuresDir?: string
  shared: string[]
  workflows: string
  testSupport: string[]
  testsInFeatures?: boolean
  features: DependencyTable
}
export declare const serviceWalls: Record<
  'command-api' | 'query-api' | 'projector' | 'standalone' | 'contracts',
  ServicePart
>
export declare function findCycle(dependencies: DependencyTable): string | null
export declare function partFolders(part: ServicePart): string[]
export declare function checkServiceWalls(name: string, part: ServicePart, folders?: string[]): void
export declare function folderOf(part: ServicePart, absoluteFile: string): string | null
export declare function wallViolation(name: string, part: ServicePart, file: string, target: string): string | null
export declare function partOf(absoluteFile: string): [string, ServicePart] | null
export declare const serviceWallsRule: Rule.RuleModule
export declare function checkedServiceWalls(): Record<string, ServicePart>
