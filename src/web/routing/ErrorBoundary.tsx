import { Component, type ReactNode } from "react";
import { forgetFailedScreens } from "./lazy-screen";

interface ErrorBoundaryProps {
  /** The address: when it changes (Back, a link), the screen is drawn again instead of the message. */
  resetKey: string;
  /** What replaces the failed screen; `reset` draws the screen again. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/**
 * Catches what a screen throws while drawing (a chunk that could not be fetched, a bug) so the app shows a
 * message instead of a blank page. Reset by a change of `resetKey`, not remounted by a `key`: the wall
 * stays mounted, with its search and loaded pages, while the address moves to its delete dialog and back.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  constructor(props: ErrorBoundaryProps) {
    super(props);
    this.state = { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    // Before the new address's screen draws, so that a screen whose code failed earlier loads again.
    if (state.failed) forgetFailedScreens();
    return { failed: false, resetKey: props.resetKey };
  }

  reset = (): void => {
    forgetFailedScreens();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
