// The page's part in the system notifications: in a browser it shows the ones the engine
// sends; in the desktop app (which shows its own) it opens what a clicked one was about.
import { useEffect } from 'react'
import { onEvent } from '../api/client'
import { useApp } from '../stores/app'
import { showInBrowser } from '../components/notifications/browser-notifications'
import { openNotificationTarget } from '../components/notifications/open-target'

export function useNotificationEvents(): void {
  useEffect(() => {
    const offs = [
      onEvent('notification.open', openNotificationTarget),
      onEvent('notification', (n) => {
        if (useApp.getState().info?.platform === 'browser') showInBrowser(n)
      })
    ]
    return () => offs.forEach((off) => off())
  }, [])
}
