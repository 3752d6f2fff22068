// Opens what a notification was about: a job's item in the gallery, the queue, or Settings.
import type { NotificationTarget } from '../../../shared/app/notifications'
import { useNavigation } from '../../stores/navigation'

export function openNotificationTarget(target: NotificationTarget): void {
  const nav = useNavigation.getState()
  if (target.view === 'gallery' && target.jobId) nav.openInGallery(target.jobId)
  else nav.go(target.view)
}
