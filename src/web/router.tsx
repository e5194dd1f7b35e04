import { lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Router, Switch } from "wouter";
import { Shell } from "./layout/Shell";
import { paths } from "./paths";
import { useAppLocation } from "./routing/app-location";
import { RequireSession } from "./session/RequireSession";
import { UndoDeletion } from "./trash/UndoDeletion";
import { WallPage } from "./wall/WallPage";

// The forms, the dialog, the sign-in and the import page load on demand, so that a first visit to the wall
// never downloads react-hook-form, zod or the editor (the budget: initial JS at most 100 KB gzip, checked by
// `npm run bench -- web`). Why they share one chunk: see forms.ts.
const forms = () => import("./forms");
const CreatePage = lazy(() => forms().then((m) => ({ default: m.CreatePage })));
const EditPage = lazy(() => forms().then((m) => ({ default: m.EditPage })));
const SignInPage = lazy(() => forms().then((m) => ({ default: m.SignInPage })));
const NotFoundPage = lazy(() => forms().then((m) => ({ default: m.NotFoundPage })));
const ImportExportPage = lazy(() => forms().then((m) => ({ default: m.ImportExportPage })));
const TrashPage = lazy(() => forms().then((m) => ({ default: m.TrashPage })));
const RemovalDialog = lazy(() =>
  import("./removal/RemovalDialog").then((m) => ({ default: m.RemovalDialog })),
);

/** The wall's own address and the delete dialog's, which draws over the wall (so it keeps its state). */
const wallScreen = /^\/listarPensamento\/?$|^\/pensamentos\/excluirPensamento\/[^/]+\/?$/;

/**
 * The spec's routes. wouter, not React Router: the same declarative routes for 3 KB gzip instead of 15 KB,
 * out of a first-visit budget of 100 KB. The wall stays mounted, with its search and loaded pages, while
 * its delete dialog is open. With a password set, every screen but the sign-in sits behind RequireSession.
 */
export function AppRoutes() {
  return (
    <Shell>
      <Switch>
        <Route path={paths.signIn}>
          <Lazy page={<SignInPage />} />
        </Route>
        <Route>
          <RequireSession>
            <Switch>
              <Route path="/">
                <Redirect to={paths.wall} replace />
              </Route>
              <Route path={wallScreen}>
                <WallPage>
                  <Route path={paths.patterns.remove}>
                    <Suspense fallback={null}>
                      <RemovalDialog />
                    </Suspense>
                  </Route>
                </WallPage>
              </Route>
              <Route path={paths.create}>
                <Lazy page={<CreatePage />} />
              </Route>
              <Route path={paths.patterns.edit}>
                <Lazy page={<EditPage />} />
              </Route>
              <Route path={paths.importExport}>
                <Lazy page={<ImportExportPage />} />
              </Route>
              <Route path={paths.trash}>
                <Lazy page={<TrashPage />} />
              </Route>
              <Route>
                <Lazy page={<NotFoundPage />} />
              </Route>
            </Switch>
          </RequireSession>
        </Route>
      </Switch>
      <UndoDeletion />
    </Shell>
  );
}

function Lazy({ page }: { page: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" aria-live="polite">
          Carregando…
        </p>
      }
    >
      {page}
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <Router hook={useAppLocation}>
      <AppRoutes />
    </Router>
  );
}
