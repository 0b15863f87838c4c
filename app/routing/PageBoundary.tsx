import { Component, type ReactNode } from 'react'
import { forgetFailedChunk } from './lazyPage'

interface Props {
  /** Changing it (a new location) clears a caught error. */
  resetKey: string
  /** What shows instead of the children; `retry` renders them again, loading a failed chunk afresh. */
  fallback: (retry: () => void, error: unknown) => ReactNode
  children: ReactNode
}

interface State {
  error: unknown
  key: string
}

/**
 * One broken page (a failed chunk, a render error) must not take the shell down (Backstage habit): the page's
 * area shows the error with a retry and the sidebar keeps working.
 */
export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    if (props.resetKey === state.key) return null
    // Before the render that shows the new page (a commit-phase hook would run after it); doing it twice is harmless.
    forgetFailedChunk(state.error)
    return { error: null, key: props.resetKey }
  }

  private readonly retry = () => {
    forgetFailedChunk(this.state.error)
    this.setState({ error: null })
  }

  override componentWillUnmount() {
    // Next time this area mounts (signed in again, say), a chunk that failed here loads afresh.
    forgetFailedChunk(this.state.error)
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.retry, this.state.error)
    return this.props.children
  }
}
