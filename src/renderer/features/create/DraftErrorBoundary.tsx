// Create's form and side panels fail on their own: if anything in them throws while
// showing a draft, the draft is set aside (a copy kept, its settings cleared; see
// draft-salvage.ts) and this takes their place with the prompt still in an editable box and
// 'Try again', which builds them afresh. A draft kept across restarts therefore cannot lock
// the user out of Create: the worst it does is fail once and be set aside.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { Button } from '../../ui/Button'
import { PromptInput } from '../../components/composer/PromptInput'

const MESSAGES = {
  title: 'This draft could not be shown',
  body: 'Something in the form failed while showing it:',
  after: 'Its settings were set aside; the prompt is below, to edit or copy.',
  retry: 'Try again',
  unknown: 'unknown error'
}

/** The prompt alone, read and written straight from the drafts store: nothing here can fail on a draft. */
function RescuedPrompt({ draftId }: { draftId: DraftId }) {
  const prompt = useDrafts((s) => s.drafts[draftId].prompt)
  return <PromptInput id={`${draftId}-prompt`} value={prompt} limit={undefined} errors={[]} onChange={(v) => useDrafts.getState().setPrompt(draftId, v)} />
}

interface Props {
  draftId: DraftId
  children: ReactNode
}

interface State {
  error: Error | null
  /** Bumped by 'Try again', so the form is built again from scratch. */
  generation: number
}

export class DraftErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Create could not show the draft', error, info.componentStack)
    useDrafts.getState().setAside(this.props.draftId, error.message || MESSAGES.unknown)
  }

  private retry = (): void => {
    this.setState((s) => ({ error: null, generation: s.generation + 1 }))
  }

  override render(): ReactNode {
    const { error, generation } = this.state
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>
    return (
      <section className="card view-failed" aria-labelledby="draft-failed-title" data-testid="draft-failed">
        <div role="alert">
          <h2 className="card-title" id="draft-failed-title">
            {MESSAGES.title}
          </h2>
          <p>
            {MESSAGES.body} <code>{error.message || MESSAGES.unknown}</code>. {MESSAGES.after}
          </p>
        </div>
        <RescuedPrompt draftId={this.props.draftId} />
        <div className="form-actions">
          <Button variant="primary" onClick={this.retry} data-testid="draft-retry">
            {MESSAGES.retry}
          </Button>
        </div>
      </section>
    )
  }
}
