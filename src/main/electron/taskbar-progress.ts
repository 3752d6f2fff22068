// The running jobs on the taskbar (Windows, Linux) or the dock (macOS): the window's
// progress bar at their mean progress, and a badge with their count where the system has
// one (the dock, Unity-style launchers). Both are cleared when nothing runs.
import { app, type BrowserWindow } from 'electron'
import type { RunningProgress } from '../core/app/notifications/running-jobs'

/** Where app.setBadgeCount does something; elsewhere Electron ignores it. */
const BADGE_PLATFORMS = new Set<NodeJS.Platform>(['darwin', 'linux'])

export function taskbarProgress(window: () => BrowserWindow | null, platform: NodeJS.Platform): (p: RunningProgress) => void {
  return ({ running, progress }) => {
    const win = window()
    // A negative value removes the bar.
    if (win && !win.isDestroyed()) win.setProgressBar(running > 0 ? progress : -1)
    if (BADGE_PLATFORMS.has(platform)) app.setBadgeCount(running)
  }
}
