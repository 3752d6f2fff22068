// What the app tells the system's notification centre while its window is in the
// background: the engine decides (one notification for a batch, one for a burst), and
// each shell only shows it — natively in the desktop app, through the browser's
// Notifications API in the host's page.
import { z } from 'zod'

/** The kinds the user can mute one by one in Settings → System notifications. */
export const NOTIFICATION_KINDS = ['done', 'failed', 'attention'] as const
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof notificationKindSchema>

/** Where a click on a notification leads: a job's item in the gallery, the queue, or Settings. */
export const notificationTargetSchema = z.object({
  view: z.enum(['gallery', 'queue', 'settings']),
  /** The service's job id to open in the gallery; null for a view as a whole. */
  jobId: z.string().nullable()
})
export type NotificationTarget = z.infer<typeof notificationTargetSchema>

export const appNotificationSchema = z.object({
  /** Unique per notification; a browser shows one per tag, so tabs of the same page do not repeat it. */
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A library file (relative path) to show as its picture: the first output's thumbnail. */
  image: z.string().nullable(),
  open: notificationTargetSchema
})
export type AppNotification = z.infer<typeof appNotificationSchema>

/** Which kinds are on, as the settings keep them (all on by default). */
export const notificationKindsSchema = z.object({
  done: z.boolean(),
  failed: z.boolean(),
  attention: z.boolean()
})
export type NotificationKinds = z.infer<typeof notificationKindsSchema>
export const ALL_NOTIFICATION_KINDS: NotificationKinds = { done: true, failed: true, attention: true }
