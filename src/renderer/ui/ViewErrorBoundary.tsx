// One view's failure stays in that view: the sidebar, the other views and the work in
// the engine go on, and 'Reload this view' mounts it afresh. React catches render errors
// only in a class component, hence the one class in the page.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
import { Trans, useTranslation } from '../i18n/page-i18n'
import { Button } from './Button'

interface Props {
  /** The view's name, for the message. */
  label: string
  children: ReactNode
}

interface State {
  error: Error | null
  /** Bumped by 'Reload this view', so the view's subtree is built again from scratch. */
  generation: number
}

export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The console is where a developer looks; the user gets the message below.
    console.error(`The ${this.props.label} view failed`, error, info.componentStack)
  }

  private reload = (): void => {
    this.setState((s) => ({ error: null, generation: s.generation + 1 }))
  }

  override render(): ReactNode {
    const { error, generation } = this.state
    if (!error) return <Fragment key={generation}>{this.props.children}</Fragment>
    return <ViewFailed label={this.props.label} error={error} onReload={this.reload} />
  }
}

function ViewFailed({ label, error, onReload }: { label: string; error: Error; onReload: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="view-inner view-narrow">
      <section className="card view-failed" role="alert" data-testid="view-failed">
        <h2 className="card-title">{t('common:viewFailed.title', { view: label })}</h2>
        <p>
          {/* The error's own words, as the code wrote them. */}
          <Trans t={t} i18nKey="common:viewFailed.body" components={{ error: <code translate="no">{error.message || t('common:viewFailed.unknownError')}</code> }} />
        </p>
        <div className="form-actions">
          <Button variant="primary" onClick={onReload} data-testid="view-reload">
            {t('common:viewFailed.reload')}
          </Button>
        </div>
      </section>
    </div>
  )
}
