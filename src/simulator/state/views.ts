// Records as the API shows them: ISO dates, absolute URLs, and `expired`/`isReady`
// computed from the record.
import { LEGACY_FAMILY, type Job, type JobListItem, type Lora, type Upload } from '../../shared/api'
import type { ServiceState } from '../service-state'
import { isoOrNull } from '../http'
import { isJobExpired } from '../retention'
import { FileStore } from './files'
import type { JobRecord, LoraRecord, OutputFile, UploadRecord } from './types'

function urlOf(sim: ServiceState, job: JobRecord, file: OutputFile): string {
  return sim.baseUrl() + FileStore.urlPath('jobs', job.id, file.name)
}

/** The `result` of a completed job, shaped by modality (profile: Results). */
export function resultOf(sim: ServiceState, job: JobRecord): Record<string, unknown> | null {
  if (job.status !== 'COMPLETED' || !job.outputs) return null
  const of = (role: OutputFile['role']) => job.outputs?.filter((f) => f.role === role).map((f) => urlOf(sim, job, f)) ?? []
  switch (job.render.kind) {
    case 'image': {
      const grid = of('grid')[0]
      return grid ? { images: of('image'), gridUrl: grid } : { images: of('image') }
    }
    case 'video':
      return { videos: of('video') }
    case 'audio':
      return { tracks: of('track') }
  }
}

export function jobListItem(sim: ServiceState, job: JobRecord): JobListItem {
  return {
    id: job.id,
    status: job.status,
    model: job.model,
    progress: job.progress,
    result: resultOf(sim, job),
    error: job.error,
    creditCost: job.creditCost,
    webhookStatus: job.webhook?.status ?? null,
    createdAt: new Date(job.createdAt).toISOString(),
    completedAt: isoOrNull(job.completedAt),
    expired: isJobExpired(sim, job)
  }
}

export function jobView(sim: ServiceState, job: JobRecord): Job {
  return { ...jobListItem(sim, job), input: job.input }
}

export function loraView(lora: LoraRecord): Lora {
  const ready = lora.status === 'READY'
  return {
    id: lora.id,
    userId: lora.userId,
    teamId: lora.teamId,
    name: lora.name,
    subjectKind: lora.subjectKind,
    gender: lora.gender,
    ethnicity: lora.ethnicity,
    age: lora.age,
    status: lora.status,
    imageCount: lora.imageCount,
    steps: lora.steps,
    loraRank: lora.loraRank,
    isReady: ready,
    error: lora.error,
    createdAt: new Date(lora.createdAt).toISOString(),
    startedAt: isoOrNull(lora.startedAt),
    completedAt: isoOrNull(lora.completedAt),
    hasWeights: ready,
    triggerWord: lora.triggerWord
  }
}

export function uploadView(sim: ServiceState, upload: UploadRecord): Upload {
  return {
    id: upload.id,
    url: sim.baseUrl() + FileStore.urlPath('uploads', upload.id, upload.name),
    kind: upload.kind,
    contentType: upload.contentType,
    byteSize: upload.byteSize,
    expiresAt: new Date(upload.expiresAt).toISOString()
  }
}

/** An opaque cursor: the sequence number of the last item of a page. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`s:${seq}`, 'utf8').toString('base64url')
}

export function decodeCursor(cursor: string): number | null {
  const m = /^s:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return m ? Number(m[1]) : null
}

/** A legacy task as the legacy fetch and its webhooks show it. */
export function legacyView(sim: ServiceState, job: JobRecord): Record<string, unknown> {
  const finished = job.status === 'COMPLETED'
  const video = finished ? job.outputs?.find((f) => f.role === 'video') : undefined
  return {
    task_id: job.id,
    task_type: `${LEGACY_FAMILY}-video`,
    status: finished ? 'finished' : 'processing',
    percentage: finished ? 100 : job.progress,
    ...(video ? { video_url: urlOf(sim, job, video) } : {})
  }
}
