// The words of Settings → System notifications and of the browser's permission, in one place.
export const NOTIFICATION_STRINGS = {
  title: 'System notifications',
  intro: 'While the app is in the background, a system notification says when jobs finish. Jobs sent together (a batch, a matrix, a wildcard prompt) are one notification when the last one ends; a click opens the result.',
  master: 'Show notifications',
  on: 'On',
  off: 'Off',
  kinds: {
    done: { label: 'Finished jobs', hint: 'With a picture of the first output.' },
    failed: { label: 'Failed jobs', hint: 'A job the service failed, or whose outputs could not be saved.' },
    attention: { label: 'Needs attention', hint: 'Outputs about to be purged before they are saved, a full disk, a rejected API key.' }
  },
  taskbar: 'Running jobs also show on the taskbar or dock: their progress, and how many are running.',
  browser: {
    granted: 'This browser shows them.',
    default: 'This browser asks first: allow notifications for this page.',
    denied: 'This browser blocks notifications for this page; allow them in the site’s settings (the icon beside the address).',
    unsupported: 'This browser cannot show notifications.',
    allow: 'Allow notifications'
  },
  saveFailed: (message: string) => `Could not save the notification settings: ${message}`
}
