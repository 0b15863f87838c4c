import { Component, type ReactNode } from 'react'

interface Props {
  /** Changing it (a new location) clears a caught error. */
  resetKey: string
  fallback: (retry: () => void) => ReactNode
  children: ReactNode
}

/**
 * One broken page (a failed chunk, a render error) must not take the shell down (Backstage habit): the page's
 * area shows the error with a retry and the sidebar keeps working.
 */
export class PageBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey }
  }

  override render() {
    if (this.state.error) return this.props.fallback(() => this.setState({ error: null }))
    return this.props.children
  }
}
