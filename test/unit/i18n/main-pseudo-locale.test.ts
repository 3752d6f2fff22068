// Main's words and the command line's, said in the pseudo-locale: every catalog letter is
// accented there, so an ASCII letter in what main or the command line prints is either the
// user's own content (a path, a job id, a model, a prompt, a hash) or a word that came from
// no catalog. Each printer and notice runs here, its output checked with the user's content
// taken out. `--help` has its own test (test/unit/cli/help-languages.test.ts).
import { writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainI18n, setMainLanguage } from '../../../src/main/core/i18n/main-i18n'
import { renderNotice, type NoticeText } from '../../../src/main/core/i18n/notice-text'
import { MAIN_NAMESPACES } from '../../../src/shared/i18n/namespaces'
import { SOURCE_LANGUAGE } from '../../../src/shared/i18n/languages'
import { printRepair, printSubmit, submitRequestFrom } from '../../../src/main/cli/commands'
import { printSync } from '../../../src/main/cli/sync'
import { importNewsPrinter, printImport } from '../../../src/main/cli/import'
import { limitsSetFrom, printLimits } from '../../../src/main/cli/limits'
import { heldExit, refusalExit, silentExit } from '../../../src/main/cli/held'
import { lsCommand } from '../../../src/main/cli/ls'
import { checkCommandLine } from '../../../src/main/cli/known-options'
import { checkUrlOptions } from '../../../src/main/cli/engine-from-args'
import { apiKeyFrom } from '../../../src/main/cli/api-key-source'
import { describeGroup, SaveStatus } from '../../../src/main/core/library/save-status'
import { emptyReport, indexCheckLine, repairNotice, reportLines } from '../../../src/main/core/library/repair/repair-report'
import { describeWorkLeft } from '../../../src/main/core/jobs/work-left'
import { SKIP } from '../../../src/main/core/import/import-messages'
import { followLibraryMoves, followedMessage, requireMovedLibrary } from '../../../src/main/core/library/library-moved'
import { MissingJobsCheck } from '../../../src/main/core/engine-parts/missing-jobs'
import { SpendGuard } from '../../../src/main/core/jobs/spend-guard'
import { SubmitRefusedError } from '../../../src/main/core/jobs/unwritten'
import { compose, type Pending } from '../../../src/main/core/app/notifications/compose'
import { DownloadError } from '../../../src/main/core/downloads/errors'
import { ALL_NOTIFICATION_KINDS } from '../../../src/shared/app/notifications'
import { PSEUDO_LANGUAGE, pseudoCatalog, type Catalog } from '../support/pseudo-locale'
import { jobRecord, unsentRecord } from '../support/job-record'
import { writeLibrary } from '../support/library-entries'
import { cleanupAfterEach } from '../support/cleanup'
import { heldAnswerNote, refusalUnwrittenNote, sentNote, waitingNote } from '../../../src/main/core/jobs/unwritten'
import * as http from '../../../src/main/core/client/http/errors'
import { toUserMessage } from '../../../src/main/core/client/http/errors'
import { badResponse } from '../../../src/main/core/client/http/success-body'
import { connectionFailure } from '../../../src/main/core/app/connection'
import { checkWebhookPath } from '../../../src/main/core/webhooks/self-check'
import { lostExpired } from '../../../src/main/core/library/new-entry'

const cleanup = cleanupAfterEach()

/** The user's own content a fixture prints (ids, models, prompts, hashes, host names), and the service's status names. */
const USERS = ['PROCESSING', 'job-1', 'job-2', 'job-5', 'i1-1', 'i3-1', 'a fox number 1', 'a fox number 2', 'a fox number 5', 'Keepers', 'loc-1', 'studio-pc', 'deadbeef', 'EACCES', 'ENOSPC']

/** The ASCII words of `text` that are not the user's content (`also`: this check's paths and values). */
function untranslated(text: string, also: string[] = []): string[] {
  const stripped = [...also, ...USERS].sort((a, b) => b.length - a.length).reduce((t, v) => t.split(v).join(' '), text)
  return [...new Set(stripped.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [])]
}

/** Everything `run` prints, one string per line. */
async function printed(run: (out: (line: string) => void) => unknown): Promise<string[]> {
  const lines: string[] = []
  await run((line) => lines.push(line))
  return lines
}

async function thrown(run: () => unknown): Promise<string> {
  try {
    await run()
  } catch (err) {
    return (err as Error).message
  }
  throw new Error('nothing was thrown')
}

beforeAll(async () => {
  for (const ns of MAIN_NAMESPACES) mainI18n.addResourceBundle(PSEUDO_LANGUAGE, ns, pseudoCatalog(mainI18n.getResourceBundle(SOURCE_LANGUAGE, ns) as Catalog))
  await mainI18n.changeLanguage(PSEUDO_LANGUAGE)
})
afterAll(() => setMainLanguage(SOURCE_LANGUAGE, []))

describe('the command line in the pseudo-locale', () => {
  it('prints submit, sync, import, repair and limits answers only in catalog words', async () => {
    const lines = [
      ...(await printed((out) => printSubmit({ outcome: 'sent', localId: 'loc-1', jobId: 'job-1', again: true }, out, out))),
      ...(await printed((out) => printSubmit({ outcome: 'journaled', localId: 'loc-1', reason: null }, out, out))),
      ...(await printed((out) => printSync({
        rescue: { ok: true, scanned: 12, rescued: 2, adopted: 1 },
        left: [],
        saved: { jobs: 1, files: 3, lost: [] }
      }, { out, err: out, timeoutS: 30, handed: false }))),
      ...(await printed((out) => printSync({ rescue: { ok: true, scanned: 1, rescued: 0, adopted: 0 }, left: describeWorkLeft([jobRecord({ jobId: 'job-1', status: 'PROCESSING', progress: 40 }), unsentRecord({ id: 'loc-1', model: 'i1-1' })], { busy: true, pendingFiles: 2, waitingLines: [] }), saved: null }, { out, err: out, timeoutS: 3, handed: true }))),
      ...(await printed((out) => printRepair({ checked: 6, lines: reportLines({ ...emptyReport(), checked: 6, rebuilt: ['job-1'], reindexed: 2, leftoversRemoved: 4, damaged: [{ file: 'job-1', keptAs: null, lines: 3 }] }), indexCheck: indexCheckLine({ ...emptyReport(), indexChecked: true }) }, out))),
      ...(await printed((out) => printRepair({ checked: 1, lines: [], indexCheck: null }, out))),
      ...(await printed((out) => printLimits({ daily: 100, monthly: null, askAbove: 20, spentToday: 30, spentThisMonth: 1234 } as Parameters<typeof printLimits>[0], out))),
      ...(await printed((out) => printImport({ result: { dir: 'job-1', found: 0, imported: 0, duplicates: 0, skipped: 0, cancelled: false }, libraryDir: 'job-2', stopped: null } as Parameters<typeof printImport>[0], false, out, out))),
      ...(await printed((out) => printImport({ result: { dir: 'job-1', found: 4, imported: 0, duplicates: 0, skipped: 4, cancelled: true }, libraryDir: 'job-2', stopped: null } as Parameters<typeof printImport>[0], true, out, out))),
      ...(await printed((out) => importNewsPrinter(out)({ type: 'skipped', path: 'job-1', reason: SKIP.notPicture('video') })))
    ]
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(lines.length).toBeGreaterThan(15)
    expect(lines.flatMap((line) => untranslated(line, [timeZone]))).toEqual([])
  })

  it('says refusals, a held folder and every mistake on the command line only in catalog words', async () => {
    const lines = [
      ...(await printed((out) => heldExit(out, 'job-1', { pid: 42, host: 'studio-pc', since: new Date(0) } as Parameters<typeof heldExit>[2]))),
      ...(await printed((out) => silentExit(out, null, 'job-1'))),
      ...(await printed((out) => refusalExit(out, { code: 'ask_first', message: '', pid: 42, spend: { reason: 'ask_first', cost: 40, limit: 30 } }, 42))),
      await thrown(() => checkCommandLine('sync', { timout: '3' }, [])),
      await thrown(() => checkCommandLine('import', {}, [])),
      await thrown(() => checkCommandLine('sink', {}, [])),
      await thrown(() => limitsSetFrom({ daily: 'lots' })),
      await thrown(() => submitRequestFrom({})),
      await thrown(() => checkUrlOptions({ 'base-url': 'job-1' })),
      await thrown(() => apiKeyFrom({}, {}, process.stdin))
    ]
    // Option and command names are typed as they are, in any language.
    const typed = ['MEDIAGEN_API_KEY', 'UTC', 'daily', '--timout', '--timeout', 'timout', 'sink', 'sync', 'import', 'submit', 'limits', 'repair', 'serve', 'ls', 'lots', 'base-url', 'DIR', 'npm run cli --']
    expect(lines.flatMap((line) => untranslated(line, typed))).toEqual([])
  })

  it('lists the library with its marks only in catalog words', async () => {
    const data = await cleanup.tempDir('pseudo-ls-')
    const library = join(data, 'live', 'library')
    await writeLibrary(library, 5, (n) => ({
      boards: n === 5 ? ['Keepers'] : [],
      files: [{ index: 0, role: 'image', url: null, path: `files/job-${n}/0.png`, thumbnail: null, state: n === 1 ? 'pending' : 'saved', lostReason: null, bytes: 1234, sha256: 'deadbeef', mime: 'image/png', width: 1, height: 1, durationSeconds: null }] as never
    }))
    const lines = await printed((out) => lsCommand(data, {}, out, out))
    const paths = [2, 3, 4, 5].map((n) => join(library, 'files', `job-${n}`, '0.png'))
    expect(lines.length).toBeGreaterThan(5)
    expect(lines.flatMap((line) => untranslated(line, [...paths, 'job-3', 'job-4', 'a fox number 3', 'a fox number 4']))).toEqual([])
  })
})

describe('main’s notices and reports in the pseudo-locale', () => {
  it('says waiting outputs, repairs, missing jobs and spending limits only in catalog words', async () => {
    const notices: NoticeText[] = []
    const status = new SaveStatus({ notice: (_level, text) => notices.push(text), changed: () => undefined }, () => 0)
    status.note({ id: 'job-1:0', deadline: 90 * 60_000 }, 'job-1', 0, new DownloadError('disk_full', 'ENOSPC', { retryable: true }))
    status.clear('job-1:0')
    notices.push(describeGroup({ cause: 'verification', count: 3, firstPurgeAt: 0, reason: '' }, 1))
    notices.push(repairNotice({ ...emptyReport(), damaged: [{ file: 'job-1', keptAs: 'job-2', finding: 'EACCES' }], dropped: ['job-1'], boardsRecovered: 2, deletesKept: 1, reattached: 5 })!)
    const missing = (fail: boolean) => new MissingJobsCheck({ rescue: async () => { if (fail) throw new Error('ENOSPC'); return { scanned: 3, rescued: 2, adopted: 1 } as never }, notice: (_l, t) => notices.push(t), closed: () => false, everyMs: 600_000 })
    await missing(true).run()
    await missing(false).run()
    const guard = new SpendGuard({ records: () => [], has: () => false, limits: () => ({ daily: 10, monthly: null, askAbove: 5 }) })
    const refusals = [await thrown(() => guard.reserve([20])), await thrown(() => guard.reserve([6]))]
    const unwritten = [new SubmitRefusedError(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })).message, new SubmitRefusedError(new Error('EACCES')).message]
    const texts = [...notices.map(renderNotice), ...refusals, ...unwritten, ...Object.values(SKIP).map((s) => (typeof s === 'function' ? s('ENOSPC') : s))]
    expect(texts.length).toBeGreaterThan(15)
    expect(texts.flatMap((text) => untranslated(text))).toEqual([])
  })

  it('says where a moved library went, and why it cannot be opened, only in catalog words', async () => {
    const dir = await cleanup.tempDir('pseudo-moved-')
    const old = join(dir, 'old')
    const gone = join(dir, 'gone')
    const circle = join(dir, 'circle')
    await mkdir(old)
    await writeFile(join(old, 'library-moved.json'), JSON.stringify({ movedTo: gone, movedAt: '2026-01-01T10:00:00.000Z' }))
    await mkdir(circle)
    await writeFile(join(circle, 'library-moved.json'), JSON.stringify({ movedTo: circle }))
    const texts = [
      followedMessage({ from: old, to: gone, at: '2026-01-01T10:00:00.000Z' }),
      await thrown(() => followLibraryMoves(old)),
      await thrown(() => followLibraryMoves(circle)),
      await thrown(() => requireMovedLibrary(gone))
    ]
    // The note's own name and field are typed as they are.
    const typed = [old, gone, circle, join(old, 'library-moved.json'), 'library-moved.json', 'UTC']
    expect(texts.flatMap((text) => untranslated(text, typed))).toEqual([])
  })

  it('writes the system notifications only in catalog words', () => {
    const ctx = { kinds: ALL_NOTIFICATION_KINDS, now: 0, thumbnailOf: () => null }
    const job = (id: string, outcome: string, error: string | null = null) => ({ type: 'job', job: { localId: id, jobId: id, model: 'i1-1', prompt: null, outcome, error } }) as unknown as Pending
    const batches: Pending[][] = [
      [job('job-1', 'done')],
      [job('job-1', 'failed')],
      [job('job-1', 'lost')],
      [job('job-1', 'done'), job('job-2', 'failed'), job('job-5', 'cancelled')],
      [{ type: 'purge', localId: 'job-1', purgeAt: 3_600_000 }, { type: 'purge', localId: 'job-2', purgeAt: 0 }, { type: 'disk-full' }, { type: 'key-rejected' }]
    ]
    const texts = batches.flatMap((items) => compose(items, ctx)).flatMap((n) => [n.title, n.body])
    expect(texts.length).toBeGreaterThanOrEqual(14)
    expect(texts.flatMap((text) => untranslated(text))).toEqual([])
  })

  it('says a waiting job’s notes, the service’s errors and the webhook check only in catalog words', async () => {
    const full = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })
    const failing = Object.assign(new Error('EACCES'), { code: 'EACCES' })
    const notes = [full, failing].flatMap((err) => [waitingNote(err), sentNote('job-1', err), refusalUnwrittenNote('EACCES', err), heldAnswerNote('job-2', err)])
    const network = ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'timeout', 'EPROTO']
      .map((causeCode) => new http.NetworkError({ causeCode, requestSent: false, retryable: true, timeoutMs: 30_000 }).message)
    const service = [
      new http.ValidationApiError({ $: ['job-1'], prompt: ['job-2'] }).message,
      new http.ValidationApiError(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`job-${i}`, ['EACCES']]))).message,
      new http.ValidationApiError({}).message,
      new http.InsufficientCreditsError(40, 12).message,
      new http.InsufficientCreditsError().message,
      new http.AuthError('job-1').message,
      new http.ForbiddenError().message,
      new http.NotFoundError('job-1').message,
      new http.ConflictError().message,
      new http.PayloadTooLargeError().message,
      new http.UnsupportedTypeError().message,
      new http.RateLimitedError().message,
      new http.RateLimitedError(4_000).message,
      new http.ServerError(503).message,
      new http.LegacyApiError(400, []).message,
      toUserMessage(Object.assign(new Error(''), { name: 'AbortError' })),
      toUserMessage(Object.assign(new Error(''), { name: 'TimeoutError' })),
      toUserMessage(null),
      badResponse(200, 'job-1', 'EACCES').message,
      connectionFailure(new http.NetworkError({ causeCode: 'ECONNRESET', requestSent: false, retryable: true }), 'https://job-1.test').message!,
      connectionFailure(new Error('EACCES'), 'https://job-1.test').message!,
      connectionFailure(null, 'https://job-1.test').message!,
      (await checkWebhookPath(null, null)).message,
      lostExpired()
    ]
    const texts = [...notes, ...network, ...service]
    // HTTP status codes, the service's own field paths and error codes are said as they are.
    expect(texts.flatMap((text) => untranslated(text, ['job-1.test', 'HTTP', 'EPROTO', 'prompt', ...Array.from({ length: 12 }, (_, i) => `job-${i}`)]))).toEqual([])
  })
})
