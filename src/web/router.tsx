import { useIsFetching } from "@tanstack/react-query";
import { type ComponentType, lazy, useEffect } from "react";
import { Navigate, Outlet, type RouteObject, ScrollRestoration, useLocation } from "react-router";
import { loadForms, loadFormsAhead, loadRemoval, prefetch } from "./chunks";
import { SavedHost } from "./layout/SavedHost";
import { ShareHost } from "./layout/ShareHost";
import { Shell } from "./layout/Shell";
import { UndoHost } from "./layout/UndoHost";
import { paths } from "./paths";
import { AppStateProvider } from "./routing/app-state";
import { whenIdle } from "./routing/idle";
import { lazyScreen } from "./routing/lazy-screen";
import { AppError, ScreenError } from "./routing/ScreenError";
import { screenOf } from "./routing/screens";
import { useSettled } from "./routing/settled";
import { RequireSession } from "./session/RequireSession";
import { ScreenLoading } from "./ui/ScreenLoading";
import { WallPage } from "./wall/WallPage";

export { prefetch };

type Forms = typeof import("./forms");

// The wall's dialog and note are not routes: they load on demand as components (see lazy-screen.tsx).
const SurpriseDialog = lazyScreen(() => loadForms().then((m) => m.SurpriseDialog));
const SelectionMode = lazyScreen(() => loadForms().then((m) => m.SelectionMode));
/** A part of the wall from the forms' chunk that, should its code fail to arrive, stays unsaid. */
const quietly = <P,>(pick: (forms: Forms) => ComponentType<P>, load = loadForms) =>
  lazy<ComponentType<P>>(() =>
    load().then(
      (forms) => ({ default: pick(forms) }),
      () => ({ default: () => null }),
    ),
  );
// The heart is already back as the server has it; the list already says that a search found nothing.
const FavoriteFailureNote = quietly((forms) => forms.FavoriteFailureNote);
const SearchEmpty = quietly((forms) => forms.SearchEmpty);
// Drawn only on a card whose write waits on this device (the outbox's code came with the same chunk).
const PendingNote = quietly((forms) => forms.PendingNote);
// Asked for once the page has settled; until it comes (or if its code does not), the link says 'Revisão'.
const ReviewCount = quietly((forms) => forms.ReviewCount, loadFormsAhead);

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
      screen(paths.signIn, "Entrar", (m) => m.SignInPage),
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
                <WallPage
                  SurpriseDialog={SurpriseDialog}
                  FavoriteFailureNote={FavoriteFailureNote}
                  SearchEmpty={SearchEmpty}
                  SelectionMode={SelectionMode}
                  PendingNote={PendingNote}
                  ReviewCount={ReviewCount}
                >
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
                lazy: async () => ({ Component: (await loadRemoval()).RemovalDialog }),
                // Opened at its own address, the wall is drawn under it while the dialog's code arrives.
                HydrateFallback: () => null,
              },
            ],
          },
          screen(paths.create, "Novo pensamento", (m) => m.CreatePage),
          screen(paths.patterns.edit, "Editar pensamento", (m) => m.EditPage),
          screen(paths.importExport, "Importar e exportar", (m) => m.ImportExportPage),
          screen(paths.imports, "Importações", (m) => m.ImportsPage),
          screen(paths.settings, "Configurações", (m) => m.SettingsPage),
          screen(paths.trash, "Lixeira", (m) => m.TrashPage),
          screen(paths.labels, "Etiquetas", (m) => m.LabelsPage),
          screen(paths.authors, "Autores", (m) => m.AuthorsPage),
          screen(paths.sources, "Fontes", (m) => m.SourcesPage),
          screen(paths.patterns.source, "Fonte", (m) => m.SourcePage),
          screen(paths.review, "Revisão de hoje", (m) => m.ReviewPage),
          screen(paths.reviewSettings, "Ajustes da revisão", (m) => m.ReviewSettingsPage),
          screen(paths.patterns.memorize, "Memorizar", (m) => m.MemorisePage),
          screen("*", "Página não encontrada", (m) => m.NotFoundPage),
        ],
      },
    ],
  },
];

/**
 * What every screen sits in: the app's state (what outlives a screen), the header, footer and shortcuts
 * (Shell), the wall's undo line (kept here so that its time runs on under another screen, and drawn on the
 * wall only), the line that confirms a save (on the screen the save returns to) and the share dialog, which
 * outlive any screen. The router restores
 * the window's scroll on Back and Forward (a new screen starts at the top); the wall's view changes and its
 * dialog keep the scroll as it is.
 */
function AppLayout() {
  const screenShown = screenOf(useLocation().pathname);
  const onWall = screenShown === paths.wall;
  return (
    <AppStateProvider>
      <Shell>
        <Outlet />
        {/* On 'Importações' too: an import's undo is itself undone there. */}
        <UndoHost shown={onWall || screenShown === paths.imports} />
        <SavedHost />
        <ShareHost />
        <ScrollRestoration />
      </Shell>
    </AppStateProvider>
  );
}

/**
 * A screen of the forms' chunk, as a route whose code the router fetches before drawing it (tried twice, see
 * chunks.ts). A first visit to its address shows 'Carregando…' under the screen's own title meanwhile; should
 * the code not arrive, the screen's error element says so inside the header and footer.
 */
function screen(path: string, title: string, pick: (forms: Forms) => ComponentType): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: pick(await loadForms()) }),
    hydrateFallbackElement: <ScreenLoading title={title} />,
    errorElement: <ScreenError />,
  };
}

/**
 * Prefetches the lazy screens once the page has settled (routing/settled.ts: what else waits for that, the
 * live updates and the review's count, loads the forms' chunk at the same moment) and the wall has nothing
 * to fetch: running that code (a task of some tens of milliseconds on a slow phone) never delays a first
 * tap, and the delete dialog's code is there before the first press of a bin. Any fetch of the wall (its
 * list, the day's thought) puts it off until the wall is quiet again.
 */
function PrefetchWhenIdle() {
  const fetching = useIsFetching();
  const settled = useSettled();
  useEffect(() => {
    if (!settled || fetching > 0) return;
    // In an idle moment of its own: the commit that draws what the settle shows is already a long task
    // on a slow phone, and asking for the chunks adds a link to the page for each of their files.
    return whenIdle(prefetch);
  }, [settled, fetching]);
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
