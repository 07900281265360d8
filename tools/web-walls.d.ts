/** Types of tools/web-walls.js, which eslint.config.js imports as plain JavaScript. */
export type DependencyTable = Record<string, string[]>
export type ImportPattern = { regex: string; message: string }
export declare const featureDependencies: DependencyTable
export declare function findCycle(dependencies: DependencyTable): string | null
export declare function checkFeatureDependencies(dependencies: DependencyTable, featureFolders: string[]): void
export declare function featurePatterns(feature: string, dependencies?: DependencyTable): ImportPattern[]
export declare const sharedLayerPatterns: ImportPattern[]
export declare const routerPatterns: ImportPattern[]
export declare function checkedFeatures(): string[]
