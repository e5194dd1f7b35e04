import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { Shell } from "./layout/Shell";
import { paths } from "./paths";
import { RequireSession } from "./session/RequireSession";
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
const RemovalDialog = lazy(() =>
  import("./removal/RemovalDialog").then((m) => ({ default: m.RemovalDialog })),
);

/**
 * The spec's routes, in React Router's declarative mode: the data router (loaders, actions, fetchers)
 * alone weighs ~16 KB gzip that the wall does not use. The delete confirmation is a child of the wall,
 * so the wall stays mounted, with its search and loaded pages, behind the dialog. With a password set,
 * every screen but the sign-in sits behind RequireSession.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path={paths.signIn} element={<Lazy page={<SignInPage />} />} />
        <Route element={<RequireSession />}>
          <Route index element={<Navigate to={paths.wall} replace />} />
          <Route element={<WallPage />}>
            <Route path={paths.wall} element={null} />
            <Route
              path={paths.patterns.remove}
              element={
                <Suspense fallback={null}>
                  <RemovalDialog />
                </Suspense>
              }
            />
          </Route>
          <Route path={paths.create} element={<Lazy page={<CreatePage />} />} />
          <Route path={paths.patterns.edit} element={<Lazy page={<EditPage />} />} />
          <Route path={paths.importExport} element={<Lazy page={<ImportExportPage />} />} />
          <Route path="*" element={<Lazy page={<NotFoundPage />} />} />
        </Route>
      </Route>
    </Routes>
  );
}

function Lazy({ page }: { page: React.ReactNode }) {
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
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
