// The Create form's body (prompt and generated parameters) for one model, rendered as the
// app renders it, with the composer it builds the request from handed to the test.
import { render } from '@testing-library/react'
import { useEffect } from 'react'
import type { ModelInfo } from '../../../../src/shared/api'
import { useComposer, type Composer } from '../../../../src/renderer/components/composer/use-composer'
import { ComposerFields } from '../../../../src/renderer/components/composer/ComposerFields'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { resetStore } from '../fixtures'

function Harness({ kinds, onComposer }: { kinds: readonly ModelInfo['kind'][]; onComposer(c: Composer): void }) {
  const composer = useComposer('create', kinds, null, false)
  useEffect(() => {
    onComposer(composer)
  })
  return <ComposerFields composer={composer} showModelPicker={false} />
}

export interface RenderedForm {
  /** The composer as of the last render. */
  composer(): Composer
}

export function renderForm(model: ModelInfo): RenderedForm {
  resetStore(useDrafts)
  useDrafts.getState().setModel('create', model.id, model.modality)
  let latest: Composer | null = null
  // Stable for the composer's memo, as the views' constants are.
  const kinds = [model.kind] as const
  render(<Harness kinds={kinds} onComposer={(c) => (latest = c)} />)
  return {
    composer: () => {
      if (!latest) throw new Error('The form has not rendered')
      return latest
    }
  }
}
