// The upload routes, and the inputs of a job as `jobs.submit` records them. Every upload
// main makes is kept (see kept-uploads) in the data folder of the engine that made it, so
// an upload id the page saved before a restart still names its file afterwards, and after
// a switch of mode, account or service it names the file to upload again to the new one.
import { join } from 'node:path'
import { isInputPath, parseGenerationRequest } from '../../../../shared/api'
import type { LibraryInput } from '../../../../shared/app/views'
import type { Engine } from '../../engine'
import { RequestInvalidError } from '../../jobs/submitter'
import { AppFailure } from '../app-errors'
import { checkInputFile } from '../inputs'
import { KeptUploads, readOtherModeInput } from '../kept-uploads'
import type { RouteHandlers } from './route-context'

type UploadRoute = 'uploads.create' | 'uploads.renew' | 'uploads.fromLibrary' | 'uploads.carry'

export interface UploadRoutes {
  routes: RouteHandlers<UploadRoute>
  jobInputs(request: Record<string, unknown>, inputs: readonly { field: string; uploadId: string }[]): Promise<LibraryInput[]>
}

export const KEPT_UPLOADS_FILE = 'uploads.json'

/** Quoted and cut short: a field from the page is shown to the user, whatever its length. */
const quoted = (field: string) => JSON.stringify(field.length > 80 ? `${field.slice(0, 80)}…` : field)

const NOT_KEPT = 'That input is not kept in the library any more; add the file again'

/** Each engine's kept uploads, opened once (a failed open is tried again by the next call). */
function keptUploadsOf(): (engine: Engine) => Promise<KeptUploads> {
  const opened = new WeakMap<Engine, Promise<KeptUploads>>()
  return (engine) => {
    let kept = opened.get(engine)
    if (!kept) {
      kept = KeptUploads.open(join(engine.opts.dataDir, KEPT_UPLOADS_FILE), (message) => engine.emit('notice', { level: 'warning', message }))
      kept.catch(() => opened.delete(engine))
      opened.set(engine, kept)
    }
    return kept
  }
}

export function uploadRoutes(currentEngine: () => Promise<Engine>, otherMode: () => { dataDir: string; libraryDir: string }): UploadRoutes {
  const keptUploads = keptUploadsOf()

  /** `source` names the library output the bytes came from, carried into the job's inputs. */
  async function uploadChecked(file: { fileName: string; dataBase64: string }, field: string, source?: { jobId: string; index: number }) {
    // Decoded before anything is kept or sent: an upload that cannot be used is never paid for.
    const checked = await checkInputFile(file, field)
    const engine = await currentEngine()
    const kept = await engine.keepInput(checked, field)
    const upload = await engine.upload({ field: 'file', fileName: checked.fileName, contentType: checked.mime, data: checked.data })
    const uploads = await keptUploads(engine)
    // The same bytes uploaded again (an expired upload renewed from the kept copy) still
    // came from the library output they were first taken from.
    const from = source ? { sourceJobId: source.jobId, sourceIndex: source.index } : uploads.sourceOf(kept.path)
    await uploads.keep({ uploadId: upload.id, expiresAt: upload.expiresAt, input: from ? { ...kept, ...from } : kept })
    return { ...upload, localPath: kept.path }
  }

  /**
   * The library's record of each input of a request. Each field must be one of the model's
   * input paths and each upload one main made; anything else is refused, naming the field,
   * rather than sent with its input left out.
   */
  async function jobInputs(request: Record<string, unknown>, inputs: readonly { field: string; uploadId: string }[]): Promise<LibraryInput[]> {
    if (inputs.length === 0) return []
    const parsed = parseGenerationRequest(request)
    if (!parsed.ok) throw new RequestInvalidError(parsed.details)
    const model = parsed.model
    inputs.forEach(({ field }, i) => {
      if (isInputPath(model, field)) return
      const key = `inputs.${i}.field`
      throw new AppFailure('validation', `${quoted(field)} is not an input of ${model.id}`, { [key]: [`Not an input of ${model.id}`] })
    })
    const uploads = await keptUploads(await currentEngine())
    return inputs.map(({ field, uploadId }) => {
      const kept = uploads.get(uploadId)
      if (!kept) throw new AppFailure('validation', `The file for ${field} is not known to the app; add it again`, { [field]: ['This upload is not known to the app; add the file again'] })
      // The field is the one the request puts the upload in (an upload from the library
      // does not know it), so a retry can put the new upload back in the same place.
      return { ...kept.input, field }
    })
  }

  const routes: RouteHandlers<UploadRoute> = {
    'uploads.create': ({ file, field }) => uploadChecked(file, field ?? 'file'),
    'uploads.renew': async ({ path }) => {
      const data = await (await currentEngine()).readLibraryFile(path)
      return uploadChecked({ fileName: path.split(/[\\/]/).pop() ?? 'input', dataBase64: data.toString('base64') }, 'file')
    },
    'uploads.fromLibrary': async ({ jobId, index }) => {
      const engine = await currentEngine()
      const file = engine.getEntry(jobId)?.files.find((f) => f.index === index)
      if (!file?.path) throw new AppFailure('not_found', 'That output is not saved in the library')
      const data = await engine.readLibraryFile(file.path)
      return uploadChecked({ fileName: file.path.split(/[\\/]/).pop() ?? 'output', dataBase64: data.toString('base64') }, 'file', { jobId, index })
    },
    'uploads.carry': async ({ uploadId }) => {
      const engine = await currentEngine()
      const here = (await keptUploads(engine)).get(uploadId)
      // Made in this mode (another account or service of it): this library has the copy.
      if (here) return uploadChecked({ fileName: here.input.fileName, dataBase64: (await engine.readLibraryFile(here.input.path)).toString('base64') }, 'file')
      const other = otherMode()
      const there = await readOtherModeInput({ keptUploadsFile: join(other.dataDir, KEPT_UPLOADS_FILE), libraryDir: other.libraryDir }, uploadId)
      if (!there) throw new AppFailure('not_found', NOT_KEPT)
      // Kept in this library as a file of its own: the output it came from is in the other one.
      return uploadChecked({ fileName: there.input.fileName, dataBase64: there.data.toString('base64') }, 'file')
    }
  }
  return { routes, jobInputs }
}
