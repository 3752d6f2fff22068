// The tests run on the Node that the app's Electron embeds, installed by the project
// itself (the `node` devDependency, first on the PATH of every npm script and npx).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }

it('runs on the Node major pinned in package.json', () => {
  const pinnedMajor = /^\^(\d+)\./.exec(manifest.devDependencies['node'] ?? '')?.[1]
  expect(pinnedMajor).toBeDefined()
  expect(process.versions.node.split('.')[0]).toBe(pinnedMajor)
})

it('has the built-in SQLite with full-text search that Node 24 ships', async () => {
  const { DatabaseSync } = await import('node:sqlite')
  const db = new DatabaseSync(':memory:')
  db.exec("CREATE VIRTUAL TABLE notes USING fts5(body); INSERT INTO notes VALUES ('a lighthouse at dusk')")
  expect(db.prepare("SELECT count(*) AS n FROM notes WHERE notes MATCH 'lighthouse'").get()).toEqual({ n: 1 })
  db.close()
})
