import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { ErrorBoundary } from "./ErrorBoundary";
import { ScreenError } from "./ScreenError";

interface ScreenBoundaryProps {
  children: ReactNode;
  /**
   * The last resort around the whole app, header and footer included (should they fail): the message
   * then brings its own main landmark.
   */
  outsideShell?: boolean;
}

/**
 * One screen's error boundary: its failure shows ScreenError in its place, inside the header and footer,
 * and going anywhere else (Back, a link) draws the screen of the new address.
 */
export function ScreenBoundary({ children, outsideShell = false }: ScreenBoundaryProps) {
  const [path] = useLocation();
  const fallback = (reset: () => void) =>
    outsideShell ? (
      <main>
        <ScreenError onReset={reset} />
      </main>
    ) : (
      <ScreenError onReset={reset} />
    );
  return (
    <ErrorBoundary resetKey={path} fallback={fallback}>
      {children}
    </ErrorBoundary>
  );
}
