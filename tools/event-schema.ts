/**
 * `npm run events:schema`: writes docs/events.md, the schema of every event type, from the contracts
 * themselves (the TypeScript types in contracts/src and the version registry). event-schema.unit.spec.ts fails
 * when the file is stale, so a changed event cannot ship without its documented schema.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import ts from 'typescript'
import { eventSchemaVersions } from '../contracts/src/event-versions'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const eventsDocPath = path.join(repoRoot, 'docs', 'events.md')

interface Field {
  name: string
  type: string
  optional: boolean
  doc: string
}
interface EventType {
  type: string
  file: string
  doc: string
  fields: Field[]
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const cell = (text: string) => oneLine(text).replaceAll('|', '\\|')

/** Every exported `{ type: '<Literal>'; data: … }` of the contracts, with its data's fields. */
export function collectEventTypes(): EventType[] {
  const entry = path.join(repoRoot, 'contracts', 'src', 'index.ts')
  // The repository's own compiler options: zod's inferred types (ContactFields...) resolve as in the build.
  const config = ts.readConfigFile(path.join(repoRoot, 'tsconfig.base.json'), (file) => ts.sys.readFile(file))
  const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, repoRoot)
  const program = ts.createProgram([entry], options)
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!
  const found = new Map<string, EventType>()
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    if (!(symbol.flags & ts.SymbolFlags.TypeAlias)) continue
    const declaration = symbol.declarations?.[0]
    if (!declaration || !ts.isTypeAliasDeclaration(declaration)) continue
    const type = checker.getDeclaredTypeOfSymbol(symbol)
    if (type.isUnion()) continue
    const typeProperty = type.getProperty('type')
    const dataProperty = type.getProperty('data')
    if (!typeProperty || !dataProperty || type.getProperties().length !== 2) continue
    const literal = checker.getTypeOfSymbol(typeProperty)
    if (!literal.isStringLiteral()) continue
    const data = checker.getTypeOfSymbol(dataProperty)
    const fields = checker.getPropertiesOfType(data).map((property): Field => {
      const propertyType = checker.getTypeOfSymbol(property)
      return {
        name: property.name,
        type: checker.typeToString(
          propertyType,
          undefined,
          ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
        ),
        optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
        doc: ts.displayPartsToString(property.getDocumentationComment(checker)),
      }
    })
    found.set(literal.value, {
      type: literal.value,
      file: path.relative(path.join(repoRoot, 'contracts', 'src'), declaration.getSourceFile().fileName),
      doc: ts.displayPartsToString(symbol.getDocumentationComment(checker)),
      fields,
    })
  }
  return [...found.values()].sort((a, b) => a.file.localeCompare(b.file) || a.type.localeCompare(b.type))
}

/** docs/events.md as it should read now, formatted as the repository formats Markdown. */
export async function renderEventSchema(events: EventType[] = collectEventTypes()): Promise<string> {
  const lines = [
    '# Events',
    '',
    'Every event type the product appends, generated from the contracts (`npm run events:schema`; a unit test',
    'fails when this file is stale). Each event is stored with its stream, stream version, global position, its',
    'metadata (command id, user, division, correlation and causation ids, when it occurred, who had signed in as',
    'the user, the client address) and the version of its data shape. Older versions are read as the current one',
    '(upcasters, [decisions/034](decisions/034-event-schema-and-upcasters.md)); the store keeps them as written.',
    '',
    `${events.length} event types.`,
    '',
  ]
  let file = ''
  for (const event of events) {
    if (event.file !== file) {
      file = event.file
      lines.push(`## ${path.dirname(file)}`, '')
    }
    const version = eventSchemaVersions[event.type] ?? 1
    lines.push(`### ${event.type} (version ${version})`, '')
    if (event.doc) lines.push(oneLine(event.doc), '')
    lines.push(`Declared in \`contracts/src/${file}\`.`, '')
    if (event.fields.length === 0) {
      lines.push('No data.', '')
      continue
    }
    lines.push('| field | type | notes |', '| --- | --- | --- |')
    for (const field of event.fields) {
      lines.push(`| ${field.name}${field.optional ? '?' : ''} | \`${cell(field.type)}\` | ${cell(field.doc)} |`)
    }
    lines.push('')
  }
  const options = await prettier.resolveConfig(eventsDocPath)
  return prettier.format(lines.join('\n'), { ...options, parser: 'markdown' })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(eventsDocPath, await renderEventSchema())
  console.log(`wrote ${path.relative(repoRoot, eventsDocPath)}`)
}
