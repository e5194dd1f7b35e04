import { useIsFetching } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, ScrollRestoration, useLocation } from "react-router";
import { loadForms, loadRemoval, prefetch } from "./chunks";
import { SavedHost } from "./layout/SavedHost";
import { ShareHost } from "./layout/ShareHost";
import { Shell } from "./layout/Shell";
import { UndoHost } from "./layout/UndoHost";
import { paths } from "./paths";
import { lazyScreen } from "./routing/lazy-screen";
import { AppError, ScreenError } from "./routing/ScreenError";
import { screenOf } from "./routing/screens";
import { RequireSession } from "./session/RequireSession";
import type { FavoriteFailureNoteProps } from "./ui/FavoriteFailureNote";
import { ScreenLoading } from "./ui/ScreenLoading";
import { WallPage } from "./wall/WallPage";

export { prefetch };

// The forms, the dialog, the sign-in and the import page load on demand (see chunks.ts), each
// retried once and, should it still fail, loaded afresh the next time its screen is opened.
const CreatePage = lazyScreen(() => loadForms().then((m) => m.CreatePage));
const EditPage = lazyScreen(() => loadForms().then((m) => m.EditPage));
const SignInPage = lazyScreen(() => loadForms().then((m) => m.SignInPage));
const NotFoundPage = lazyScreen(() => loadForms().then((m) => m.NotFoundPage));
const ImportExportPage = lazyScreen(() => loadForms().then((m) => m.ImportExportPage));
const TrashPage = lazyScreen(() => loadForms().then((m) => m.TrashPage));
const LabelsPage = lazyScreen(() => loadForms().then((m) => m.LabelsPage));
const SurpriseDialog = lazyScreen(() => loadForms().then((m) => m.SurpriseDialog));
const RemovalDialog = lazyScreen(() => loadRemoval().then((m) => m.RemovalDialog));
// Should its code fail to arrive, the note stays unsaid: the heart is already back as the server has it.
const FavoriteFailureNote = lazy<ComponentType<FavoriteFailureNoteProps>>(() =>
  loadForms().then(
    (m) => ({ default: m.FavoriteFailureNote }),
    () => ({ default: () => null }),
  ),
);

/**
 * The app's routes, declared once for the browser, the server's render of the wall and the tests. The
 * wall stays mounted, with its search and loaded pages, while its delete dialog is open over it. With a
 * password set, every screen but the sign-in sits behind RequireSession. Every screen has its own error
 * element, inside the header and footer: a screen that fails says so there.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <AppError />,
    children: [
      {
        path: paths.signIn,
        element: <Lazy title="Entrar" page={<SignInPage />} />,
        errorElement: <ScreenError />,
      },
      {
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        errorElement: <ScreenError />,
        children: [
          { path: "/", element: <Navigate to={paths.wall} replace /> },
          {
            // The dialog's code failing takes the wall's error element: the message, and Back to the wall.
            element: (
              <>
                <WallPage SurpriseDialog={SurpriseDialog} FavoriteFailureNote={FavoriteFailureNote}>
                  <Outlet />
                </WallPage>
                <PrefetchWhenIdle />
              </>
            ),
            errorElement: <ScreenError />,
            children: [
              { path: paths.wall, element: null },
              {
                path: paths.patterns.remove,
                element: (
                  <Suspense fallback={null}>
                    <RemovalDialog />
                  </Suspense>
                ),
              },
            ],
          },
          screen(paths.create, "Novo pensamento", <CreatePage />),
          screen(paths.patterns.edit, "Editar pensamento", <EditPage />),
          screen(paths.importExport, "Importar e exportar", <ImportExportPage />),
          screen(paths.trash, "Lixeira", <TrashPage />),
          screen(paths.labels, "Etiquetas", <LabelsPage />),
          screen("*", "Página não encontrada", <NotFoundPage />),
        ],
      },
    ],
  },
];

/**
 * What every screen sits in: the header, footer and shortcuts (Shell), the wall's undo line (kept here so
 * that its time runs on under another screen, and drawn on the wall only), the line that confirms a save
 * (on the screen the save returns to) and the share dialog, which outlive any screen. The router restores
 * the window's scroll on Back and Forward (a new screen starts at the top); the wall's view changes and its
 * dialog keep the scroll as it is.
 */
function AppLayout() {
  const onWall = screenOf(useLocation().pathname) === paths.wall;
  return (
    <Shell>
      <Outlet />
      <UndoHost shown={onWall} />
      <SavedHost />
      <ShareHost />
      <ScrollRestoration />
    </Shell>
  );
}

function screen(path: string, title: string, page: ReactNode): RouteObject {
  return { path, element: <Lazy title={title} page={page} />, errorElement: <ScreenError /> };
}

/** A screen loaded on demand, and its loading state under its own tab title. */
function Lazy({ title, page }: { title: string; page: ReactNode }) {
  return <Suspense fallback={<ScreenLoading title={title} />}>{page}</Suspense>;
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
