// One LoRA: status, facts, its training timeline, and its actions.
import type { LoraView } from '../../../shared/app/lora-timeline'
import { formatDateTime, formatRelative } from '../../format/dates'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { StatusChip } from '../../ui/StatusChip'
import { LORA_LABEL_KEYS, LORA_TONE } from './lora-status'
import { LoraTimeline } from './LoraTimeline'

interface LoraRowProps {
  lora: LoraView
  onGenerate(): void
  onTry(): void
  onRename(): void
  onDelete(): void
}

export function LoraRow({ lora, onGenerate, onTry, onRename, onDelete }: LoraRowProps) {
  const { t } = useTranslation()
  const moving = lora.status === 'PENDING' || lora.status === 'UPLOADING' || lora.status === 'TRAINING'
  return (
    <li className="lora-row" data-testid="lora-row" data-status={lora.status} data-lora-id={lora.id}>
      <div className="lora-main">
        <div className="lora-title">
          <span className="lora-name" translate="no">
            {lora.name}
          </span>
          <StatusChip label={t(LORA_LABEL_KEYS[lora.status])} tone={LORA_TONE[lora.status]} live={moving} testId="lora-status" />
        </div>
        <div className="lora-facts">
          <span>{t(`loras:subject.${lora.subjectKind}`)}</span>
          <span>{t('loras:row.images', { count: lora.imageCount })}</span>
          <span>{t('loras:row.steps', { count: lora.steps })}</span>
          <span>{t('loras:row.rank', { rank: lora.loraRank })}</span>
          {lora.triggerWord ? (
            <span>
              <Trans t={t} i18nKey="loras:row.trigger" components={{ word: <code translate="no">{lora.triggerWord}</code> }} />
            </span>
          ) : null}
          <span title={formatDateTime(lora.createdAt)}>{formatRelative(lora.createdAt)}</span>
        </div>
        {lora.error ? <div className="text-danger">{lora.error}</div> : null}
        {lora.status !== 'ARCHIVED' ? <LoraTimeline lora={lora} /> : null}
      </div>
      <div className="lora-actions">
        {lora.status === 'READY' ? (
          <>
            <Button size="sm" variant="primary" onClick={onTry} title={t('loras:row.tryTitle')} data-testid="lora-try">
              {t('loras:row.try')}
            </Button>
            <Button size="sm" onClick={onGenerate} data-testid="lora-generate">
              {t('loras:row.generate')}
            </Button>
          </>
        ) : null}
        {lora.status !== 'ARCHIVED' ? (
          <>
            <Button size="sm" onClick={onRename} data-testid="lora-rename">
              {t('loras:row.rename')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} data-testid="lora-delete">
              {t('loras:row.delete')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  )
}
