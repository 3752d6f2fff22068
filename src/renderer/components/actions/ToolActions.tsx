// Edit, Upscale and Remove background for one image output, wherever it is shown (the
// gallery's viewer, each of Create's results, the large view): each opens Tools on that
// tool with the output as its image, where the cost shows before anything is sent.
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { openInTool } from './open-in-tool'
import type { ToolId } from './tool-defs'

const ACTIONS = [
  { tool: 'edit', label: 'results:tools.edit', title: 'results:tools.editTitle', testId: 'edit-image' },
  { tool: 'upscale', label: 'results:tools.upscale', title: 'results:tools.upscaleTitle', testId: 'upscale-image' },
  { tool: 'background', label: 'results:tools.background', title: 'results:tools.backgroundTitle', testId: 'remove-background' }
] as const satisfies readonly { tool: ToolId; label: string; title: string; testId: string }[]

interface ToolActionsProps {
  entry: LibraryEntry
  file: LibraryFile | undefined
  size?: 'sm' | 'md'
  /** Prefixes each button's test id ("result-" on Create's results). */
  testIdPrefix?: string
  /** Runs once a tool was chosen (the viewer closes itself). */
  onOpened?(): void
}

export function ToolActions({ entry, file, size = 'md', testIdPrefix = '', onOpened }: ToolActionsProps) {
  const { t } = useTranslation()
  if (entry.modality !== 'image') return null
  const usable = file?.state === 'saved' && file.role === 'image'
  return (
    <>
      {ACTIONS.map((a) => (
        <Button
          key={a.tool}
          size={size}
          disabled={!usable}
          title={t(a.title)}
          data-testid={`${testIdPrefix}${a.testId}`}
          onClick={() => {
            if (!file) return
            void openInTool(a.tool, entry, file.index)
            onOpened?.()
          }}
        >
          {t(a.label)}
        </Button>
      ))}
    </>
  )
}
