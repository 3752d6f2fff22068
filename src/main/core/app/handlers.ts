// One handler per contract route. Inputs arrive already parsed by the contract's schema;
// handlers call the engine and return plain data.
import { randomUUID } from 'node:crypto'
import {
  buildCatalog, catalogSchema, estimateCost, legacyCost, legacyRequestSchema, parseGenerationRequest,
  detailsFromZodError, summarizeDetails, type LegacyRequestInput
} from '../../../shared/api'
import type { RouteInput, RouteName, RouteOutput } from '../../../shared/contract'
import type { AppInfo, Settings, SettingsPatch } from '../../../shared/app/settings'
import type { JobRecord } from '../jobs/job-record'
import { reportLines } from '../library/repair/repair-report'
import { withoutWebhookSecret } from '../jobs/job-record'
import type { Engine } from '../engine'
import { toAccount } from './account-view'
import { AppFailure } from './app-errors'
import { checkFile, readLibraryFile } from './inputs'
import { readLibraryImages } from '../loras/library-images'
import { settingsFromFile } from './settings-from-file'
import type { PlatformHooks } from './ports'
import type { CatalogCache } from './catalog-cache'
import { setAtPath } from './request-paths'
import { createUploadRoutes } from './upload-routes'
import { summarizeSpend } from './spend-summary'
import { teamJobsSince, toTeamJob } from './team-jobs'
import { SPEND_DAYS } from '../../../shared/app/spend'

export interface HandlerContext {
  engine(): Engine
  info(): AppInfo
  settings(): Settings
  updateSettings(patch: SettingsPatch): Promise<Settings>
  setKey(key: string): Promise<AppInfo>
  moveLibrary(to: string): Promise<{ libraryDir: string; files: number; bytes: number }>
  clearKey(): Promise<AppInfo>
  hooks: PlatformHooks
  catalogCache: CatalogCache
  onCredits(credits: number | null): void
  onDismissed(localId: string): void
  /** An entry left the library: other windows (and browser tabs of the host) drop it too. */
  onLibraryRemoved(jobId: string): void
}

type Handlers = { [R in RouteName]: (input: RouteInput<R>) => Promise<RouteOutput<R>> }

function record(engine: Engine, localId: string): JobRecord {
  const r = engine.store.get(localId)
  if (!r) throw new AppFailure('not_found', 'No such job in the queue')
  return r
}

export function createHandlers(ctx: HandlerContext): Handlers {
  const uploads = createUploadRoutes(ctx.engine)

  return {
    'app.info': async () => ctx.info(),
    'settings.get': async () => ctx.settings(),
    'settings.update': (patch) => ctx.updateSettings(patch),
    'key.set': ({ apiKey }) => ctx.setKey(apiKey),
    'key.clear': () => ctx.clearKey(),
    'account.get': async () => {
      const engine = ctx.engine()
      const me = await engine.client.me()
      ctx.onCredits(me.team?.credits ?? null)
      return toAccount(me, engine.opts.apiKey())
    },
    'catalog.list': async () => {
      try {
        const catalog = await ctx.engine().client.catalog()
        await ctx.catalogCache.save(catalog)
        return { models: catalog.models, offline: false }
      } catch {
        const cached = await ctx.catalogCache.load()
        const parsed = cached ? catalogSchema.safeParse(cached) : null
        return { models: parsed?.success ? parsed.data.models : buildCatalog().models, offline: true }
      }
    },

    'jobs.submit': async ({ request, inputs }) => {
      const kept = await uploads.jobInputs(request, inputs ?? [])
      const r = await ctx.engine().submitter.submit(request, kept)
      return ctx.engine().jobView(r)
    },
    'jobs.list': async () =>
      ctx.engine().store.all().filter((r) => !r.dismissed).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 500).map((r) => ctx.engine().jobView(r)),
    'jobs.cancel': async ({ localId }) => {
      const engine = ctx.engine()
      const r = record(engine, localId)
      if (!r.jobId) {
        // Not answered yet (say, the service cannot be reached): it is taken back instead.
        const withdrawn = await engine.submitter.withdraw(localId, 'Cancelled before it reached the service')
        if (!withdrawn) throw new AppFailure('conflict', 'This job is being sent right now; try again in a moment')
        return engine.jobView(withdrawn)
      }
      if (r.kind === 'legacy') throw new AppFailure('conflict', 'The legacy video endpoint has no cancel operation')
      const job = await engine.client.cancelJob(r.jobId)
      const updated = await engine.store.update(localId, () => ({ status: job.status, progress: job.progress, error: job.error }))
      return ctx.engine().jobView(updated!)
    },
    'jobs.retry': async ({ localId }) => {
      const engine = ctx.engine()
      const r = record(engine, localId)
      if (r.kind === 'legacy') throw new AppFailure('conflict', 'Submit the legacy video again from its form')
      const { webhookUrl: _u, webhookEvents: _e, ...body } = r.request
      // The same inputs: files kept in the library are uploaded again, since the
      // service's uploads expire after an hour.
      for (const input of r.inputs) {
        const data = await readLibraryFile(engine.library, input.path)
        const upload = await engine.client.upload({ field: 'file', fileName: input.fileName, contentType: input.mime, data })
        setAtPath(body, input.field, upload.url)
      }
      return engine.jobView(await engine.submitter.submit(body, r.inputs))
    },
    'jobs.dismiss': async ({ localId }) => {
      const engine = ctx.engine()
      record(engine, localId)
      // A dismissed submission that was never answered must not go out later unseen.
      await engine.submitter.withdraw(localId, 'Dismissed before it reached the service')
      await engine.store.update(localId, () => ({ dismissed: true }))
      ctx.onDismissed(localId)
      return null
    },
    'jobs.team': async () => {
      const engine = ctx.engine()
      const jobs = await teamJobsSince(engine.client, await engine.client.me(), Date.now() - SPEND_DAYS * 24 * 3600_000)
      return jobs.slice(0, 500).map(toTeamJob)
    },
    'jobs.estimate': async ({ request }) => {
      const parsed = parseGenerationRequest(request)
      if (!parsed.ok) throw new AppFailure('validation', `Invalid request: ${summarizeDetails(parsed.details)}`, parsed.details)
      return estimateCost(parsed.model, parsed.request)
    },

    'library.list': async (q) => ctx.engine().library.list(q),
    'library.setFavorite': async ({ jobIds, favorite }) => ({ changed: await ctx.engine().collections.setFavorite(jobIds, favorite) }),
    'boards.list': async () => ctx.engine().collections.listBoards(),
    'boards.create': ({ name }) => ctx.engine().collections.createBoard(name),
    'boards.rename': async ({ id, name }) => {
      const board = await ctx.engine().collections.renameBoard(id, name)
      if (!board) throw new AppFailure('not_found', 'No such board')
      return board
    },
    'boards.delete': async ({ id }) => {
      await ctx.engine().collections.deleteBoard(id)
      return null
    },
    'boards.setMembers': async ({ boardId, jobIds, on }) => {
      const collections = ctx.engine().collections
      if (!collections.hasBoard(boardId)) throw new AppFailure('not_found', 'No such board')
      return { changed: await collections.setOnBoard(jobIds, boardId, on) }
    },
    'collections.export': async () => ctx.engine().collections.export(),
    'collections.import': ({ data }) => ctx.engine().collections.import(data),
    'library.get': async ({ jobId }) => {
      const e = ctx.engine().library.get(jobId)
      if (!e) throw new AppFailure('not_found', 'Not in the library')
      return e
    },
    'library.remove': async ({ jobId }) => {
      await ctx.engine().library.remove(jobId)
      ctx.onLibraryRemoved(jobId)
      return null
    },
    'library.restore': async ({ jobId }) => {
      const entry = await ctx.engine().library.restore(jobId)
      if (!entry) throw new AppFailure('not_found', 'This item can no longer be restored')
      return entry
    },
    'library.repair': async () => {
      const report = await ctx.engine().repairLibrary()
      for (const jobId of report.dropped) ctx.onLibraryRemoved(jobId)
      return { checked: report.checked, damaged: report.damaged.map((d) => d.file), lines: reportLines(report) }
    },
    'saving.retryNow': async () => {
      ctx.engine().saver.queue.retryNow()
      return null
    },
    'library.move': ({ to }) => ctx.moveLibrary(to),
    'library.reveal': async ({ jobId, index }) => {
      const engine = ctx.engine()
      const file = engine.library.get(jobId)?.files.find((f) => f.index === index)
      const abs = file?.path ? await engine.library.resolveFile(file.path) : null
      if (!abs) throw new AppFailure('not_found', 'That file is not on disk')
      if (!ctx.hooks.revealFile) throw new AppFailure('conflict', 'Showing files is available in the desktop app')
      ctx.hooks.revealFile(abs)
      return null
    },

    'settings.fromFile': async ({ file }) => {
      const found = settingsFromFile(Buffer.from(file.dataBase64, 'base64'))
      if (!found) throw new AppFailure('not_found', `${file.fileName} carries no generation settings`)
      return found
    },
    ...uploads.routes,

    'loras.list': () => ctx.engine().loras.refresh(),
    'loras.create': async ({ images, libraryImages, ...fields }) => {
      const engine = ctx.engine()
      const dropped = (images ?? []).map((img, i) => checkFile(img, `images.${i}`, 'image'))
      const fromLibrary = await readLibraryImages(engine.library, libraryImages ?? [])
      const files = [...dropped.map((f) => ({ fileName: f.fileName, contentType: f.mime, data: f.data })), ...fromLibrary]
      const created = await engine.client.createLora(fields, files.map((f) => ({ field: 'images', ...f })))
      const [view] = await engine.loras.observe([await engine.client.getLora(created.id)])
      return view!
    },
    'loras.rename': async ({ id, ...patch }) => ctx.engine().client.updateLora(id, patch),
    'loras.delete': async ({ id }) => {
      await ctx.engine().client.deleteLora(id)
      return null
    },

    'assets.create': (req) => ctx.engine().client.createAsset(req),

    'legacy.submit': async ({ request }) => submitLegacy(ctx.engine(), request),
    'legacy.estimate': async ({ request }) => {
      const parsed = legacyRequestSchema.safeParse(request)
      if (!parsed.success) {
        const details = detailsFromZodError(parsed.error)
        throw new AppFailure('validation', `Invalid request: ${summarizeDetails(details)}`, details)
      }
      const credits = legacyCost(parsed.data)
      return { credits, explanation: credits === null ? 'Not available for this model and resolution' : `${parsed.data.resolution}, ${parsed.data.duration} s${parsed.data.generate_audio ? ', with audio (×2)' : ''}` }
    },

    'webhooks.health': async () => ctx.engine().webhookHealth(),
    'webhooks.check': () => ctx.engine().checkWebhooks(),

    'spend.summary': async ({ scope }) => {
      const engine = ctx.engine()
      const since = Date.now() - SPEND_DAYS * 24 * 3600_000
      // The balance is the service's; without it the days still add up, only the balance line is left out.
      const me = await engine.client.me().catch((err: unknown) => (scope === 'team' ? Promise.reject(err) : null))
      const items =
        scope === 'team' && me
          ? await teamJobsSince(engine.client, me, since)
          : // Mine: the jobs this app sent, from the journal, which keeps the last 30 days.
            engine.store.all().filter((r) => r.origin === 'app' && r.submission === 'accepted')
      return summarizeSpend(items, { scope, balance: me?.team?.credits ?? null })
    },

    'shell.openExternal': async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) throw new AppFailure('invalid_input', 'Only web links can be opened', { url: ['Must be an http or https URL'] })
      if (!ctx.hooks.openExternal) throw new AppFailure('conflict', 'Opening links is available in the desktop app')
      // The URL was checked to be http(s) just above, and the hook checks it again.
      await ctx.hooks.openExternal(url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
      return null
    }
  }
}

/** Legacy jobs have no Idempotency-Key, so an unanswered one is never resent blindly. */
async function submitLegacy(engine: Engine, body: Record<string, unknown>) {
  const parsed = legacyRequestSchema.safeParse(body)
  if (!parsed.success) {
    const details = detailsFromZodError(parsed.error)
    throw new AppFailure('validation', `Invalid request: ${summarizeDetails(details)}`, details)
  }
  const now = new Date().toISOString()
  const id = randomUUID()
  // The secret goes only to the service; the journal keeps the request without it.
  const sent = { ...body, ...engine.legacyWebhookFields() }
  const request = withoutWebhookSecret(sent)
  const base: JobRecord = {
    id, idempotencyKey: id, kind: 'legacy', model: parsed.data.model, request, inputs: [], submission: 'journaled', jobId: null,
    status: null, progress: null, error: null, creditCost: legacyCost(parsed.data), origin: 'app', createdAt: now, updatedAt: now,
    completedAt: null, expired: false, saved: 'none', sendAttempts: 1, dismissed: false
  }
  await engine.store.put(base)
  try {
    const { task_id } = await engine.client.legacySubmit(sent as LegacyRequestInput)
    return engine.jobView((await engine.store.update(id, () => ({ submission: 'accepted', jobId: task_id, status: 'PROCESSING', progress: 0 })))!)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    await engine.store.update(id, () => ({ submission: 'rejected', error: message }))
    throw err
  }
}

