// A notifier over a fake clock (vi.useFakeTimers), with what it delivers recorded, the
// window's focus and the settings in the test's hands, and jobs moved through their
// states as the engine reports them.
import { vi } from 'vitest'
import { toJobView } from '../../../src/main/core/jobs/job-record'
import { Notifier } from '../../../src/main/core/app/notifications/notifier'
import type { AppNotification, NotificationKinds } from '../../../src/shared/app/notifications'
import type { JobView } from '../../../src/shared/app/views'
import { jobRecord } from '../support/job-record'

export const T0 = Date.parse('2025-06-01T12:00:00Z')

export function notifierHarness() {
  vi.useFakeTimers({ now: T0 })
  const delivered: AppNotification[] = []
  const state = { focused: false, notifications: true, kinds: { done: true, failed: true, attention: true } as NotificationKinds }
  const notifier = new Notifier({
    deliver: (n) => delivered.push(n),
    settings: () => ({ notifications: state.notifications, notificationKinds: state.kinds }),
    focused: () => state.focused,
    thumbnailOf: (jobId) => `thumbs/${jobId}/0.webp`
  })
  const view = (localId: string, over: Partial<JobView> = {}): JobView => ({ ...toJobView(jobRecord({ id: localId, request: { model: 'i1-1', prompt: `prompt of ${localId}` } })), saveWaiting: null, ...over })
  const job = {
    running: (localId: string, over: Partial<JobView> = {}) => notifier.jobChanged(view(localId, { status: 'PROCESSING', progress: 40, ...over })),
    saving: (localId: string) => notifier.jobChanged(view(localId, { status: 'COMPLETED', progress: 100, saved: 'saving' })),
    done: (localId: string) => notifier.jobChanged(view(localId, { status: 'COMPLETED', progress: 100, saved: 'saved' })),
    failed: (localId: string, error = 'content policy') => notifier.jobChanged(view(localId, { status: 'FAILED', error })),
    cancelled: (localId: string) => notifier.jobChanged(view(localId, { status: 'CANCELLED' })),
    lost: (localId: string) => notifier.jobChanged(view(localId, { status: 'COMPLETED', saved: 'lost' })),
    view
  }
  return { notifier, delivered, state, job, after: (ms: number) => vi.advanceTimersByTime(ms) }
}
