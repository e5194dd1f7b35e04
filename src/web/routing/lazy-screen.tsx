import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * How long the second attempt waits: a server restarting, or a flaky connection, often answers again a
 * moment later; much longer and the user would be left looking at 'Carregando…'.
 */
const RETRY_DELAY_MS = 600;

/**
 * Loads with one more try after a failure, so one dropped request does not cost the user a screen.
 * (Chromium and Firefox fetch a failed module again on the next import(); no cache-busting is needed.)
 */
export function retryOnce<T>(load: () => Promise<T>, delayMs = RETRY_DELAY_MS): () => Promise<T> {
  return () =>
    load().catch(
      () =>
        new Promise<T>((resolve, reject) => {
          setTimeout(() => load().then(resolve, reject), delayMs);
        }),
    );
}

/** What each screen that failed to load does to be tried afresh (see forgetFailedScreens). */
const failedScreens = new Set<() => void>();

/**
 * React.lazy, except that a failure is not for good. React.lazy keeps a rejected import forever, so once
 * a chunk failed, coming back to its screen later (the network is back) would show the error again until
 * a reload; here the error boundary forgets the failure when it resets, and the next visit loads again.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          failedScreens.add(() => {
            current = attempt();
          });
          throw error;
        },
      ),
    );
  let current = attempt();
  function LazyScreen(props: P) {
    const Current = current;
    return <Current {...props} />;
  }
  return LazyScreen;
}

/** Lets every screen that failed to load try again the next time it is drawn. */
export function forgetFailedScreens(): void {
  for (const forget of failedScreens) forget();
  failedScreens.clear();
}
