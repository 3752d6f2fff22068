// The painter's controls: brush or eraser (or moving the zoomed image), brush size,
// invert, clear, undo/redo and zoom.
import { Button } from '../../../ui/Button'

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

const TOOLS: { value: PainterTool; label: string; title: string }[] = [
  { value: 'brush', label: 'Brush', title: 'Paint what to repaint' },
  { value: 'eraser', label: 'Eraser', title: 'Take paint away' },
  { value: 'pan', label: 'Move', title: 'Drag the zoomed image (or drag with the middle button)' }
]

const mod = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl+'

export function MaskToolbar(p: MaskToolbarProps) {
  return (
    <div className="mask-toolbar" role="toolbar" aria-label="Mask painting">
      <div className="mask-tools" role="group" aria-label="Tool">
        {TOOLS.map((t) => (
          <Button key={t.value} size="sm" variant={p.tool === t.value ? 'primary' : 'secondary'} aria-pressed={p.tool === t.value} title={t.title} onClick={() => p.onTool(t.value)} data-testid={`mask-tool-${t.value}`}>
            {t.label}
          </Button>
        ))}
      </div>
      <label className="mask-size">
        <span>Brush size</span>
        <input type="range" min={2} max={p.maxSize} step={1} value={p.size} onChange={(e) => p.onSize(Number(e.target.value))} data-testid="mask-brush-size" />
        <span className="mask-size-value">{p.size} px</span>
      </label>
      <div className="mask-tools" role="group" aria-label="History">
        <Button size="sm" disabled={!p.canUndo} onClick={p.onUndo} aria-keyshortcuts="Control+Z Meta+Z" title={`Undo (${mod}Z)`} data-testid="mask-undo">
          Undo
        </Button>
        <Button size="sm" disabled={!p.canRedo} onClick={p.onRedo} aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z" title={`Redo (Shift+${mod}Z)`} data-testid="mask-redo">
          Redo
        </Button>
        <Button size="sm" onClick={p.onInvert} title="Repaint what is kept and keep what is painted" data-testid="mask-invert">
          Invert
        </Button>
        <Button size="sm" onClick={p.onClear} title="Remove all paint (undo brings it back)" data-testid="mask-clear">
          Clear
        </Button>
      </div>
      <div className="mask-tools" role="group" aria-label="Zoom">
        <Button size="sm" onClick={() => p.onZoom(1 / 1.5)} disabled={p.zoom <= 1} aria-label="Zoom out">
          −
        </Button>
        <span className="mask-zoom" data-testid="mask-zoom">{Math.round(p.zoom * 100)}%</span>
        <Button size="sm" onClick={() => p.onZoom(1.5)} aria-label="Zoom in">
          +
        </Button>
        <Button size="sm" onClick={p.onFit} disabled={p.zoom === 1}>
          Fit
        </Button>
      </div>
    </div>
  )
}
