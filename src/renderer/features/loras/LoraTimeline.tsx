// A LoRA's training as a row of steps: when each status was first seen and how long it
// lasted; the current step counts up live while the LoRA trains.
import type { LoraView } from '../../../shared/app/lora-timeline'
import { formatDateTime, formatTime } from '../../format/dates'
import { useNow } from '../../components/jobs/use-now'
import { useTranslation } from '../../i18n/page-i18n'
import { LORA_LABEL_KEYS } from './lora-status'
import { formatElapsed, timelineRows, totalTrainingMs } from './timeline-steps'


export function LoraTimeline({ lora }: { lora: LoraView }) {
  const { t } = useTranslation()
  const moving = lora.status === 'PENDING' || lora.status === 'UPLOADING' || lora.status === 'TRAINING'
  const now = useNow(moving)
  const rows = timelineRows(lora, now)
  const total = totalTrainingMs(lora)
  return (
    <div className="lora-timeline-wrap">
      <ol className="lora-timeline" aria-label={t('loras:timeline.label', { name: lora.name })} data-testid="lora-timeline">
        {rows.map((row) => (
          <li key={row.status} className={`lora-step is-${row.state} step-${row.status.toLowerCase()}`} data-testid="lora-step" data-status={row.status} data-state={row.state}>
            <span className="lora-step-dot" aria-hidden="true" />
            <span className="lora-step-name">{t(LORA_LABEL_KEYS[row.status])}</span>
            {row.at ? (
              <time className="lora-step-at" dateTime={row.at} title={formatDateTime(row.at)}>
                {formatTime(new Date(row.at))}
              </time>
            ) : (
              <span className="lora-step-at muted">{t('loras:timeline.toCome')}</span>
            )}
            {row.elapsedMs !== null ? (
              <span className="lora-step-elapsed" data-testid={row.state === 'current' ? 'lora-step-live' : undefined}>
                {row.state === 'current' ? t('loras:timeline.soFar', { elapsed: formatElapsed(row.elapsedMs) }) : formatElapsed(row.elapsedMs)}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {total !== null ? (
        <span className="lora-timeline-total muted" data-testid="lora-total">
          {t(lora.status === 'FAILED' ? 'loras:timeline.failedAfter' : 'loras:timeline.trainedIn', { elapsed: formatElapsed(total) })}
        </span>
      ) : null}
    </div>
  )
}
