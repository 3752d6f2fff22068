// Create's form and side panels fail on their own: if anything in them throws while
// showing a draft, the draft is set aside (a copy kept, its settings cleared; see
// draft-salvage.ts) and this takes their place with the prompt still in an editable box and
// 'Try again', which builds them afresh. A draft kept across restarts therefore cannot lock
// the user out of Create: the worst it does is fail once and be set aside.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { t, Trans } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { PromptInput } from '../../components/composer/PromptInput'



/** The prompt alone, read and written straight from the drafts store: nothing here can fail on a draft. */
function RescuedPrompt({ draftId }: { draftId: DraftId }) {
  const prompt = useDrafts((s) => s.drafts[draftId].prompt)
  return <PromptInput id={`${draftId}-prompt`} value={prompt} limit={undefined} errors={[]} onChange={(v) => useDrafts.getState().setPrompt(draftId, v)} />
}

interface Props {
  draftId: DraftId
  children: ReactNode
  /** Shown above the failure, where the workspace would have placed it (the view's head and its tabs). */
  head?: ReactNode
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
    useDrafts.getState().setAside(this.props.draftId, error.message || t('create:failed.unknown'))
  }

  private retry = (): void => {
    this.setState((s) => ({ error: null, generation: s.generation + 1 }))
  }

  override render(): ReactNode {
    const { error, generation } = this.state
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>
    return (
      <>
        {this.props.head}
        <section className="card view-failed" aria-labelledby="draft-failed-title" data-testid="draft-failed">
          <div role="alert">
            <h2 className="card-title" id="draft-failed-title">
              {t('create:failed.title')}
            </h2>
            <p>
              <Trans t={t} i18nKey="create:failed.body" components={{ reason: <code translate="no">{error.message || t('create:failed.unknown')}</code> }} />
            </p>
          </div>
          <RescuedPrompt draftId={this.props.draftId} />
          <div className="form-actions">
            <Button variant="primary" onClick={this.retry} data-testid="draft-retry">
              {t('create:failed.retry')}
            </Button>
          </div>
        </section>
      </>
    )
  }
}
