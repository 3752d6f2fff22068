// The catalog kept on disk: the page's first screen is answered from it, and the model
// picker works offline. A copy that does not read as a catalog (empty, garbage, cut short,
// a folder where the file goes) is no copy: it is ignored, and the next answer from the
// service is kept in its place. Nothing here ever stops the app from starting.
import { readFile, rename, stat } from 'node:fs/promises'
import { catalogSchema, type Catalog } from '../../../shared/api'
import { writeFileAtomic } from '../fs/atomic-write'

const isDirectory = (path: string) => stat(path).then((s) => s.isDirectory(), () => false)

export class CatalogCache {
  constructor(private readonly filePath: string) {}

  async save(catalog: Catalog): Promise<void> {
    const text = JSON.stringify(catalog)
    try {
      await writeFileAtomic(this.filePath, text)
    } catch {
      // A folder where the file goes is moved aside, so the copy can be kept again.
      if (!(await isDirectory(this.filePath))) return
      await rename(this.filePath, `${this.filePath}.damaged-${Date.now()}`).catch(() => undefined)
      await writeFileAtomic(this.filePath, text).catch(() => undefined)
    }
  }

  /** The catalog kept, checked against the contract's schema; null when there is none that reads. */
  async load(): Promise<Catalog | null> {
    try {
      const parsed = catalogSchema.safeParse(JSON.parse(await readFile(this.filePath, 'utf8')))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
}
