// No module under src/ reaches itself through its imports, type-only imports included.
// Lint's import-x/no-cycle catches cycles of runtime imports as they are written (checked
// here on a fixture, so a config that quietly stops reading TypeScript is noticed); it
// does not follow `import type`, and a cycle of types still ties modules together, so
// this test also follows every import with TypeScript's own resolution.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..', '..')
const SRC = join(ROOT, 'src')
const OPTIONS: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Each file under src/ and the files under src/ it imports (values and types alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => !!target && target.startsWith(SRC))
    graph.set(file, targets)
  }
  return graph
}

/** The module specifiers `file` imports values from: `import type` and all-type imports left out. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const bindings = clause?.namedBindings
      const typesOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)))
      return typesOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text]
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) return [(statement.moduleSpecifier as ts.StringLiteral).text]
    return []
  })
}

const ENGINE = join(SRC, 'main', 'core')
/** The engine's folder a file is in; a file at the engine's top (engine.ts, backoff.ts) stands alone. */
const engineFolder = (file: string): string => relative(ENGINE, dirname(file)).split(sep)[0] || relative(ENGINE, file)

/** Each folder of the engine (src/main/core/<folder>) and the engine folders it imports from (values, or types too); the files at its top count as folders of their own. */
function engineFolderGraph(withTypes = false): Map<string, string[]> {
  const graph = new Map<string, Set<string>>()
  for (const file of sourceFiles(ENGINE)) {
    const from = engineFolder(file)
    const targets = graph.get(from) ?? new Set<string>()
    graph.set(from, targets)
    const specifiers = withTypes ? ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName) : valueImports(file)
    for (const specifier of specifiers) {
      const target = ts.resolveModuleName(specifier, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName
      if (target?.startsWith(ENGINE + sep) && engineFolder(target) !== from) targets.add(engineFolder(target))
    }
  }
  return new Map([...graph].map(([folder, targets]) => [folder, [...targets]]))
}

/** The groups of modules that import one another in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || graph.get(node)?.includes(node)) found.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const PAGE = join(SRC, 'renderer')
/** The page's folder a file is in: a view (features/<view>), a subject of the shared pieces (components/<subject>), or a layer (app, stores, ui, …). */
function pageFolder(file: string): string {
  const parts = relative(PAGE, file).split(sep)
  return (parts[0] === 'features' || parts[0] === 'components') && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!
}

/** Each of the page's folders and the page's folders it imports from, values and types alike. */
function pageFolderGraph(): Map<string, string[]> {
  const graph = new Map<string, Set<string>>()
  for (const [file, targets] of importGraph()) {
    if (!file.startsWith(PAGE + sep)) continue
    const from = pageFolder(file)
    const into = graph.get(from) ?? new Set<string>()
    graph.set(from, into)
    for (const target of targets) if (target.startsWith(PAGE + sep) && pageFolder(target) !== from) into.add(pageFolder(target))
  }
  return new Map([...graph].map(([folder, targets]) => [folder, [...targets]]))
}

describe('import cycles', () => {
  it('finds the modules of a cycle and only those', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]])
    expect(cycles(graph)).toEqual([['a', 'b', 'c']])
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([])
  })

  it('follows type-only imports', () => {
    // The controller imports ports.ts for its types alone.
    const controller = join(SRC, 'main', 'core', 'app', 'controller.ts')
    expect(importGraph().get(controller)).toContain(join(SRC, 'main', 'core', 'app', 'ports.ts'))
  })

  it('are refused by lint when they run through runtime imports', async () => {
    const eslint = new ESLint({ cwd: ROOT, ignore: false })
    const [result] = await eslint.lintFiles([join(__dirname, 'fixtures', 'cycle-a.ts')])
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle')
  })

  it('none exist under src/, type-only imports included', () => {
    const found = cycles(importGraph()).map((group) => group.map((file) => relative(ROOT, file)))
    expect(found).toEqual([])
  })

  it('none run between the engine\'s folders through runtime imports', () => {
    // A folder importing one that imports it back is one module cut in two: neither can
    // be understood, tested or moved alone. Types may point back (a folder implements
    // the ports another declares); values may not.
    expect(cycles(engineFolderGraph())).toEqual([])
  })

  it('none run between the engine\'s folders through type-only imports either', () => {
    // A folder declares the interfaces it implements (settings/storage-ports.ts), so the
    // layer above names them without either folder pointing back at the other.
    expect(cycles(engineFolderGraph(true))).toEqual([])
  })

  it('between folders are seen, through any of their files', () => {
    const graph = engineFolderGraph()
    // The engine keeps input files through the library's module: a runtime import.
    expect(graph.get('engine.ts')).toContain('library')
    // Type-only imports count only when asked for: the controller's parts name the
    // settings store's interface with `import type`.
    expect(engineFolderGraph(true).get('app')).toContain('settings')
  })

  it('none run between the page\'s folders, type-only imports included', () => {
    // Lint keeps the layers pointing down; inside the shared pieces, a subject that used
    // another which used it back would be one subject cut in two.
    const graph = pageFolderGraph()
    expect(graph.get('components/results')).toContain('components/jobs')
    expect(graph.get('features/create')).toContain('components/composer')
    expect(cycles(graph)).toEqual([])
  })
})
