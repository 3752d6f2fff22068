// One view's failure stays in that view: the sidebar, the other views and the work in
// the engine go on, and 'Reload this view' mounts it afresh. React catches render errors
// only in a class component, hence the one class in the page.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
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
    return (
      <div className="view-inner view-narrow">
        <section className="card view-failed" role="alert" data-testid="view-failed">
          <h2 className="card-title">{this.props.label} stopped working</h2>
          <p>
            Something went wrong while showing this view: <code>{error.message || 'unknown error'}</code>. Your jobs and library are not affected.
          </p>
          <div className="form-actions">
            <Button variant="primary" onClick={this.reload} data-testid="view-reload">
              Reload this view
            </Button>
          </div>
        </section>
      </div>
    )
  }
}
