// Opens a model chosen in the palette where it runs: Create for generation (with the
// settings last used with it), Tools for the image tools (with the tool's presets the
// first time). Focus follows, to the model's prompt.
import { useDrafts } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import { toolOfModel, viewFor } from '../../components/actions/tool-defs'
import { freeformTemplate } from '../../components/composer/freeform-template'
import { focusChosenModel } from './focus-chosen-model'
import type { PaletteEntry } from './palette-entries'

export function chooseModel({ option, kind }: PaletteEntry): void {
  const drafts = useDrafts.getState()
  const view = viewFor(kind)
  if (view === 'tools') {
    const saved = drafts.lastSettings[option.id]
    drafts.chooseModel('tools', option.id, 'image', saved ? undefined : { params: toolOfModel(option.id).defaultParams })
  } else {
    drafts.chooseModel('create', option.id, option.modality, option.model ? undefined : { freeform: freeformTemplate(option) })
  }
  useNavigation.getState().go(view)
  focusChosenModel(view)
}
