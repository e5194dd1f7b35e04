import { useIsFetching } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { loadForms, loadRemoval, prefetch } from "./chunks";
import { ShareHost } from "./layout/ShareHost";
import { Shell } from "./layout/Shell";
import { paths } from "./paths";
import { useAppLocation } from "./routing/app-location";
import { lazyScreen } from "./routing/lazy-screen";
import { ScreenBoundary } from "./routing/ScreenBoundary";
import { RequireSession } from "./session/RequireSession";
import { UndoDeletion } from "./trash/UndoDeletion";
import { ScreenLoading } from "./ui/ScreenLoading";
import { WallPage } from "./wall/WallPage";

export { prefetch };

// The forms, the dialog, the sign-in and the import page load on demand (see errors/chunks.ts), each
// retried once and, should it still fail, loaded afresh the next time its screen is opened.
const CreatePage = lazyScreen(() => loadForms().then((m) => m.CreatePage));
const EditPage = lazyScreen(() => loadForms().then((m) => m.EditPage));
const SignInPage = lazyScreen(() => loadForms().then((m) => m.SignInPage));
const NotFoundPage = lazyScreen(() => loadForms().then((m) => m.NotFoundPage));
const ImportExportPage = lazyScreen(() => loadForms().then((m) => m.ImportExportPage));
const TrashPage = lazyScreen(() => loadForms().then((m) => m.TrashPage));
const SurpriseDialog = lazyScreen(() => loadForms().then((m) => m.SurpriseDialog));
const RemovalDialog = lazyScreen(() => loadRemoval().then((m) => m.RemovalDialog));

/** The wall's own address and the delete dialog's, which draws over the wall (so it keeps its state). */
const wallScreen = /^\/listarPensamento\/?$|^\/pensamentos\/excluirPensamento\/[^/]+\/?$/;

/**
 * The spec's routes. wouter, not React Router: the same declarative routes for 3 KB gzip instead of 15 KB,
 * out of a first-visit budget of 100 KB. The wall stays mounted, with its search and loaded pages, while
 * its delete dialog is open. With a password set, every screen but the sign-in sits behind RequireSession.
 * Every route has its own error boundary, inside the header and footer: a screen that fails says so there.
 */
export function AppRoutes() {
  return (
    <Shell>
      <Switch>
        <Route path={paths.signIn}>
          <Lazy title="Entrar" page={<SignInPage />} />
        </Route>
        <Route>
          <RequireSession>
            <Switch>
              <Route path="/">
                <Redirect to={paths.wall} replace />
              </Route>
              <Route path={wallScreen}>
                {/* The dialog's code failing takes the wall's boundary: the message, and Back to the wall. */}
                <ScreenBoundary>
                  <WallPage SurpriseDialog={SurpriseDialog}>
                    <Route path={paths.patterns.remove}>
                      <Suspense fallback={null}>
                        <RemovalDialog />
                      </Suspense>
                    </Route>
                  </WallPage>
                  <PrefetchWhenIdle />
                </ScreenBoundary>
              </Route>
              <Route path={paths.create}>
                <Lazy title="Novo pensamento" page={<CreatePage />} />
              </Route>
              <Route path={paths.patterns.edit}>
                <Lazy title="Editar pensamento" page={<EditPage />} />
              </Route>
              <Route path={paths.importExport}>
                <Lazy title="Importar e exportar" page={<ImportExportPage />} />
              </Route>
              <Route path={paths.trash}>
                <Lazy title="Lixeira" page={<TrashPage />} />
              </Route>
              <Route>
                <Lazy title="Página não encontrada" page={<NotFoundPage />} />
              </Route>
            </Switch>
          </RequireSession>
        </Route>
      </Switch>
      <UndoDeletion />
      <ShareHost />
    </Shell>
  );
}

/** A screen loaded on demand: its boundary, and its loading state under its own tab title. */
function Lazy({ title, page }: { title: string; page: ReactNode }) {
  return (
    <ScreenBoundary>
      <Suspense fallback={<ScreenLoading title={title} />}>{page}</Suspense>
    </ScreenBoundary>
  );
}

/**
 * How long the wall must have had nothing to fetch before the other screens' code is fetched and run:
 * past its first paint, its fonts and the moments in which the page becomes responsive, so that running
 * that code (a task of some tens of milliseconds on a slow phone) never delays a first tap. Pointing at
 * a link fetches it at once; the service worker has usually stored it by then anyway.
 */
const SETTLED_MS = 4000;

/**
 * Prefetches the lazy screens once the wall has drawn its cards and the browser has nothing else to do.
 * Any fetch of the wall (its list, the day's thought) puts it off until the wall is quiet again.
 */
function PrefetchWhenIdle() {
  const fetching = useIsFetching();
  useEffect(() => {
    if (fetching > 0) return;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === "function") idle = requestIdleCallback(prefetch, { timeout: 5000 });
      else prefetch();
    }, SETTLED_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [fetching]);
  return null;
}

/**
 * Prefetches the lazy screens as soon as a link inside the app is pointed at or focused: the moment
 * between that and the click is usually enough to fetch them. Called once, by main.tsx.
 */
export function prefetchOnLinkIntent(): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    if (link.pathname === paths.wall) return;
    prefetch();
  };
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("focusin", onIntent);
}

/** `ssrPath`: the address (path and query) a server render draws; the browser reads its own. */
export function AppRouter({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router hook={useAppLocation} ssrPath={ssrPath}>
      <ScreenBoundary outsideShell>
        <AppRoutes />
      </ScreenBoundary>
    </Router>
  );
}
