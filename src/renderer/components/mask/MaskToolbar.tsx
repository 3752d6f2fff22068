// The painter's controls: brush or eraser (or moving the zoomed image), brush size,
// invert, clear, undo/redo and zoom.
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'

export type PainterTool = 'brush' | 'eraser' | 'pan'

interface MaskToolbarProps {
  tool: PainterTool
  onTool(tool: PainterTool): void
  size: number
  maxSize: number
  onSize(size: number): void
  canUndo: boolean
  canRedo: boolean
  onUndo(): void
  onRedo(): void
  onInvert(): void
  onClear(): void
  zoom: number
  onZoom(factor: number): void
  onFit(): void
}

const TOOLS = ['brush', 'eraser', 'pan'] as const satisfies readonly PainterTool[]

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

export function MaskToolbar(p: MaskToolbarProps) {
  const { t } = useTranslation()
  const undoKey = t(isMac ? 'common:keys.macShortcut' : 'common:keys.shortcut', { key: 'Z' })
  return (
    <div className="mask-toolbar" role="toolbar" aria-label={t('tools:mask.toolbar')}>
      <div className="mask-tools" role="group" aria-label={t('tools:mask.tool')}>
        {TOOLS.map((tool) => (
          <Button key={tool} size="sm" variant={p.tool === tool ? 'primary' : 'secondary'} aria-pressed={p.tool === tool} title={t(`tools:mask.tools.${tool}.title`)} onClick={() => p.onTool(tool)} data-testid={`mask-tool-${tool}`}>
            {t(`tools:mask.tools.${tool}.label`)}
          </Button>
        ))}
      </div>
      <label className="mask-size">
        <span>{t('tools:mask.brushSize')}</span>
        <input type="range" min={2} max={p.maxSize} step={1} value={p.size} onChange={(e) => p.onSize(Number(e.target.value))} data-testid="mask-brush-size" />
        <span className="mask-size-value">{t('tools:mask.pixels', { size: p.size })}</span>
      </label>
      <div className="mask-tools" role="group" aria-label={t('tools:mask.history')}>
        <Button size="sm" disabled={!p.canUndo} onClick={p.onUndo} aria-keyshortcuts="Control+Z Meta+Z" title={t('tools:mask.undoTitle', { key: undoKey })} data-testid="mask-undo">
          {t('tools:mask.undo')}
        </Button>
        <Button size="sm" disabled={!p.canRedo} onClick={p.onRedo} aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z" title={t('tools:mask.redoTitle', { key: undoKey })} data-testid="mask-redo">
          {t('tools:mask.redo')}
        </Button>
        <Button size="sm" onClick={p.onInvert} title={t('tools:mask.invertTitle')} data-testid="mask-invert">
          {t('tools:mask.invert')}
        </Button>
        <Button size="sm" onClick={p.onClear} title={t('tools:mask.clearTitle')} data-testid="mask-clear">
          {t('tools:mask.clear')}
        </Button>
      </div>
      <div className="mask-tools" role="group" aria-label={t('tools:mask.zoom')}>
        <Button size="sm" onClick={() => p.onZoom(1 / 1.5)} disabled={p.zoom <= 1} aria-label={t('tools:mask.zoomOut')}>
          −
        </Button>
        <span className="mask-zoom" data-testid="mask-zoom">{t('tools:mask.zoomLevel', { zoom: p.zoom })}</span>
        <Button size="sm" onClick={() => p.onZoom(1.5)} aria-label={t('tools:mask.zoomIn')}>
          +
        </Button>
        <Button size="sm" onClick={p.onFit} disabled={p.zoom === 1}>
          {t('tools:mask.fit')}
        </Button>
      </div>
    </div>
  )
}
