// Toasts live in one polite live region, so screen readers announce them without
// stealing focus. The region floats over the window's bottom right corner: a toast coming
// or going never moves the view's content.
import { useTranslation } from '../i18n/page-i18n'
import { useToasts } from '../stores/toasts'

export function ToastRegion({ onOpenJob }: { onOpenJob?: (jobId: string) => void }) {
  const { t: tr } = useTranslation()
  const toasts = useToasts((s) => s.toasts)
  const dismiss = useToasts((s) => s.dismiss)
  return (
    <section className="toast-region" aria-label={tr('common:toasts.region')} aria-live="polite" aria-relevant="additions" data-testid="toast-region">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.level}`} data-testid="toast" data-level={t.level} role={t.level === 'error' ? 'alert' : 'status'}>
          <span className="toast-message">{t.message}</span>
          {t.action ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              data-testid="toast-action"
              onClick={() => {
                dismiss(t.id)
                t.action?.run()
              }}
            >
              {t.action.label}
            </button>
          ) : null}
          {t.jobId && onOpenJob ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onOpenJob(t.jobId ?? '')}>
              {tr('common:toasts.show')}
            </button>
          ) : null}
          <button type="button" className="icon-btn" aria-label={tr('common:toasts.dismiss')} onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  )
}
