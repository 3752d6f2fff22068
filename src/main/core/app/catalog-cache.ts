// The catalog kept on disk, so the model picker works offline.
import { readFile } from 'node:fs/promises'
import type { Catalog } from '../../../shared/api'
import { writeFileAtomic } from '../fs/atomic-write'

export class CatalogCache {
  constructor(private readonly filePath: string) {}

  async save(catalog: Catalog): Promise<void> {
    await writeFileAtomic(this.filePath, JSON.stringify(catalog)).catch(() => undefined)
  }

  async load(): Promise<unknown> {
    try {
      return JSON.parse(await readFile(this.filePath, 'utf8'))
    } catch {
      return null
    }
  }
}
