import { Component, type ReactNode } from 'react';

/**
 * Keeps one item that cannot be rendered (a message, a file tile) from taking down the screen
 * around it: the item shows `fallback` instead, everything else keeps working.
 */
export class RenderGuard extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('An item could not be shown:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
