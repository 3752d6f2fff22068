// What a result offers besides looking at it: run it again with a new seed, load its
// settings into the form to vary them, delete it (with undo) and show its file.
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import { useDrafts } from '../../stores/drafts'
import { useJobs } from '../../stores/jobs'
import { useLibrary } from '../../stores/library'
import { rememberSent } from '../../stores/prompt-library'
import { callAskingFirst } from '../../stores/spend-limits'
import { toast } from '../../stores/toasts'
import { viewFor } from '../actions/tool-defs'
import { jobSettings, withNewSeed } from './job-settings'
import { t } from '../../i18n/page-i18n'

/** The kinds Create sends, whose prompts its history keeps. */
const CREATE_KINDS: JobView['kind'][] = ['image', 'video', 'music']

/** Submits the job's request again with a new seed; the new job joins the results. */
export async function runAgain(job: JobView): Promise<void> {
  const settings = jobSettings(job)
  if (!settings) return toast.warning(t('messages:results.unknownModelRetry', { model: job.model }))
  const r = await callAskingFirst('jobs.submit', { request: withNewSeed(settings) })
  if (!r.ok) return toast.error(r.error.message)
  useJobs.getState().upsert(r.data)
  useJobs.getState().markSent(r.data.localId)
  if (job.prompt !== null && CREATE_KINDS.includes(job.kind)) rememberSent(job.prompt, [r.data.request])
  if (r.data.submission === 'rejected') toast.warning(r.data.error ?? t('messages:results.refused'))
}

/** Puts the job's model, prompt and settings in its form (Create, or Tools for a tool), to change and run. */
export function vary(job: JobView): void {
  const settings = jobSettings(job)
  if (!settings) return toast.warning(t('messages:results.unknownModel', { model: job.model }))
  useDrafts.getState().prefill(viewFor(settings.model.kind), {
    modality: settings.model.modality,
    modelId: settings.model.id,
    prompt: settings.prompt,
    params: settings.params
  })
  toast.info(t('messages:results.settingsLoaded'))
}

export async function reveal(entry: LibraryEntry, index: number): Promise<void> {
  const r = await call('library.reveal', { jobId: entry.jobId, index })
  if (!r.ok) toast.error(r.error.message)
}

/**
 * Deletes the outputs from the library; the files wait in the trash so Undo can bring them
 * back. The gallery hears of both from the engine's library events.
 */
export async function deleteResult(job: JobView, entry: LibraryEntry): Promise<void> {
  const r = await call('library.remove', { jobId: entry.jobId })
  if (!r.ok) return toast.error(r.error.message)
  const { jobId } = entry
  useLibrary.getState().remove(jobId)
  useJobs.getState().forgetSent(job.localId)
  toast.withAction(t('messages:results.removed'), {
    label: t('messages:results.undo'),
    run: () =>
      void call('library.restore', { jobId }).then((back) => {
        if (!back.ok) return toast.error(back.error.message)
        useLibrary.getState().keepEntry(back.data)
        useJobs.getState().markSent(job.localId)
      })
  }, LIBRARY_UNDO_WINDOW_MS)
}
