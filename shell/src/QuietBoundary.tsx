import { Component, type ReactNode } from 'react';

/**
 * An optional extra (the cart debugger, the admin's product dialog) must never take the page
 * down: if it fails to load or render it is simply absent, and `onError` hears why.
 */
export class QuietBoundary extends Component<{ children: ReactNode; onError: (error: Error) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
