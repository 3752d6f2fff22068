// One LoRA: status, facts, its training timeline, and its actions.
import type { LoraView } from '../../../shared/app/lora-timeline'
import { formatRelative } from '../../format/dates'
import { Button } from '../../ui/Button'
import { StatusChip } from '../../ui/StatusChip'
import { LORA_LABEL, LORA_TONE } from './lora-status'
import { LoraTimeline } from './LoraTimeline'

interface LoraRowProps {
  lora: LoraView
  onGenerate(): void
  onTry(): void
  onRename(): void
  onDelete(): void
}

export function LoraRow({ lora, onGenerate, onTry, onRename, onDelete }: LoraRowProps) {
  const moving = lora.status === 'PENDING' || lora.status === 'UPLOADING' || lora.status === 'TRAINING'
  return (
    <li className="lora-row" data-testid="lora-row" data-status={lora.status} data-lora-id={lora.id}>
      <div className="lora-main">
        <div className="lora-title">
          <span className="lora-name">{lora.name}</span>
          <StatusChip label={LORA_LABEL[lora.status]} tone={LORA_TONE[lora.status]} live={moving} testId="lora-status" />
        </div>
        <div className="lora-facts">
          <span>{lora.subjectKind}</span>
          <span>{lora.imageCount} images</span>
          <span>{lora.steps} steps</span>
          <span>rank {lora.loraRank}</span>
          {lora.triggerWord ? (
            <span>
              trigger <code>{lora.triggerWord}</code>
            </span>
          ) : null}
          <span title={lora.createdAt}>{formatRelative(lora.createdAt)}</span>
        </div>
        {lora.error ? <div className="text-danger">{lora.error}</div> : null}
        {lora.status !== 'ARCHIVED' ? <LoraTimeline lora={lora} /> : null}
      </div>
      <div className="lora-actions">
        {lora.status === 'READY' ? (
          <>
            <Button size="sm" variant="primary" onClick={onTry} title="One prompt at several strengths, side by side" data-testid="lora-try">
              Try it…
            </Button>
            <Button size="sm" onClick={onGenerate} data-testid="lora-generate">
              Generate with this LoRA
            </Button>
          </>
        ) : null}
        {lora.status !== 'ARCHIVED' ? (
          <>
            <Button size="sm" onClick={onRename} data-testid="lora-rename">
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={onDelete} data-testid="lora-delete">
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </li>
  )
}
