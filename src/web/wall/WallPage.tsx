import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import {
  type ComponentType,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { isOfflineError } from "../api/client";
import { type ListFilters, type ListOrder, thoughtKeys } from "../api/thoughts";
import { thoughtInPages, useThoughtList } from "../api/use-thought-list";
import { paths } from "../paths";
import { keptWall } from "../routing/kept-wall";
import { Link } from "../routing/Link";
import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { useFavoriteToggle } from "../ui/FavoriteFailure";
import type { FavoriteFailureNoteProps } from "../ui/FavoriteFailureNote";
import type { ToggleFavorite } from "../ui/FavoriteHeart";
import type { SelectionModeProps } from "../ui/selection-mode";
import { usePageTitle } from "../ui/usePageTitle";
import { useShortcuts } from "../ui/useShortcuts";
import { DayThought } from "./DayThought";
import { useDrawnList } from "./drawn-list";
import { useFollowedText } from "./followed-text";
import { useKeptExtent } from "./keep-extent";
import { LoadMore } from "./LoadMore";
import { listFailureMessage, nextPageFailureMessage } from "./list-failure";
import { OrderPicker } from "./OrderPicker";
import type { PendingNoteProps } from "./PendingNote";
import type { ReviewCountProps } from "./ReviewCount";
import { SearchBox } from "./SearchBox";
import type { SearchEmptyProps } from "./SearchEmpty";
import { ThoughtList, ThoughtListSkeleton } from "./ThoughtList";
import { WallActions } from "./WallActions";
import { WallFilterHeading } from "./WallFilterHeading";
import styles from "./WallPage.module.css";
import { useWallView, type WallView, wallFilters, wallQuery } from "./wall-address";
import { countMessage, emptyMessage, wallPageTitle, wallTitle } from "./wall-texts";

/**
 * The wall: title, search, the two views, the cards and 'Carregar mais'. Its view (search and mode) lives
 * in the address (see wall-address.ts); the pages loaded for each view stay in the query cache, so Back,
 * Forward and the way back from a form show them again as they were. `children` is what its own routes
 * draw over it (the delete dialog). `SurpriseDialog` and `FavoriteFailureNote` come from the app, which
 * loads them on demand: the wall only decides when they show.
 */
export function WallPage({
  children,
  SurpriseDialog,
  FavoriteFailureNote,
  SearchEmpty,
  SelectionMode,
  PendingNote,
  ReviewCount,
}: WallPageProps) {
  const queryClient = useQueryClient();
  const [view, show] = useWallView();
  const { favorites } = view;
  // The box's text follows each change (the box hands it over in a transition, see SearchBox, so that a key
  // redraws the box alone before it paints); the address takes it on key release, or once a change that came
  // without one (predictive text, dictation, autofill) settles (see SearchBox), and the text follows the
  // address when it changes otherwise (Back, Forward, 'Meu Mural'; see useFollowedText).
  const { text, setText, sent } = useFollowedText(view.text, view);
  const { search, label, without, author, order } = wallFilters(view);
  const filters = useMemo<ListFilters>(
    () => ({
      favorites,
      search,
      ...(label ? { label } : {}),
      ...(without ? { without } : {}),
      ...(author ? { author } : {}),
      ...(order ? { order } : {}),
    }),
    [favorites, search, label, without, author, order],
  );
  usePageTitle(wallPageTitle(filters));

  const list = useThoughtList(filters);
  const drawn = useDrawnList(list);
  const favorite = useFavoriteToggle(favorites);
  // One function for the life of the wall, calling the latest toggle: the cards (memoised, see ThoughtList)
  // are then drawn again only when their own thought changes, not on every key typed in the search box.
  const latestToggle = useRef(favorite.toggle);
  useLayoutEffect(() => {
    latestToggle.current = favorite.toggle;
  });
  const toggleOnWall = useCallback<ToggleFavorite>(
    (thought, heart) => latestToggle.current(thought, heart),
    [],
  );
  const mutating = useIsMutating() > 0;
  const [surprise, setSurprise] = useState(false);
  // The selection mode (its code loads when first used): undefined when off; a card's id when a long press
  // on it opened the mode, which starts with it selected.
  const [selecting, setSelecting] = useState<number | true>();
  useLongPress(selecting === undefined, setSelecting);
  const searchBox = useRef<HTMLInputElement>(null);
  const surpriseButton = useRef<HTMLButtonElement>(null);

  // Typing rewrites the current history entry: Back leaves the wall, not one letter.
  const searchFor = (value: string) => {
    // Only spaces search nothing, and the address keeps none of them (see wallQuery).
    if (show({ ...view, text: value }, { replace: true })) sent(value.trim() ? value : "");
  };
  // Both views start again from page 1, as 'Meu Mural' and 'Meus favoritos' always have, whatever was loaded
  // before; the new view gets a history entry of its own, so Back returns to the previous one as it was.
  const restart = (next: WallView) => {
    void queryClient.resetQueries({ queryKey: thoughtKeys.list(wallFilters(next)), exact: true });
    show(next, { replace: false });
  };
  // 'Meu Mural' lifts the mode, the search and the filters, not the order the user chose to read in nor
  // the label kept out of the way ('Ocultar'), which 'Mostrar etiqueta' lifts.
  const showAll = () => {
    setText("");
    favorite.clear();
    restart({
      text: "",
      favorites: false,
      ...(view.order ? { order: view.order } : {}),
      ...(view.without ? { without: view.without } : {}),
    });
  };
  const sortBy = (next: ListOrder | undefined) => {
    const { order: _current, ...rest } = view;
    restart({ ...rest, text, ...(next ? { order: next } : {}) });
  };
  const showFavorites = () => {
    favorite.clear();
    restart({ ...view, text, favorites: true });
  };
  const clearSearch = () => {
    if (text === "" && view.text === "") return false;
    setText("");
    searchFor("");
  };
  const openSurprise = () => {
    // Opened by its key, the dialog gives the focus back to its button rather than to nowhere.
    if (document.activeElement === document.body) surpriseButton.current?.focus();
    setSurprise(true);
  };
  useShortcuts({
    "/": () => searchBox.current?.focus(),
    s: openSurprise,
    Escape: clearSearch,
  });

  const shown = drawn.data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  const shownIds = useMemo(
    () => drawn.data?.pages.flatMap((page) => page.items.map((item) => item.id)) ?? [],
    [drawn.data],
  );
  const total = drawn.data?.pages.at(-1)?.total ?? 0;
  // A label kept out of the way keeps the day's thought (drawn from the whole wall) out too.
  const dayShown = !(favorites || search || label || author || without);
  // What the offline notice says it shows: these cards, known since the oldest page's answer.
  const oldest = drawn.data?.pages.reduce(
    (at, page) => Math.min(at, page.at ?? at),
    Number.POSITIVE_INFINITY,
  );
  const keptAt =
    oldest === undefined ? undefined : Number.isFinite(oldest) ? oldest : list.dataUpdatedAt || undefined;
  // -1: nothing to show (the first page failed); undefined: still loading.
  const keptShown = drawn.data ? shown : list.isError ? -1 : undefined;
  useEffect(() => {
    keptWall.set(
      keptShown === undefined ? undefined : keptShown < 0 ? null : { shown: keptShown, at: keptAt },
    );
  }, [keptShown, keptAt]);
  useEffect(() => () => keptWall.clear(), []);
  useKeptExtent(wallQuery(view), shown, drawn.data !== undefined && !drawn.isPlaceholderData, {
    ...drawn,
    fetchNextPage: list.fetchNextPage,
  });
  const failure = favorite.failure;
  const failureId = failure?.change.thought.id;
  // Said on the card whose heart was pressed: the day's, or the thought's on the wall.
  const failedOnDay = dayShown && failure?.place === "apart";
  const failedCardShown =
    failure?.place === "wall" &&
    drawn.data !== undefined &&
    !!thoughtInPages(drawn.data.pages, failure.change.thought.id);
  const failureNote = (placement: "card" | "wall") =>
    failure ? (
      <Suspense fallback={null}>
        <FavoriteFailureNote
          failure={failure}
          onRetry={favorite.retry}
          onDismiss={favorite.dismiss}
          placement={placement}
        />
      </Suspense>
    ) : null;

  return (
    <section className={styles.wall} aria-labelledby="wall-title">
      <div className={styles.top}>
        <h1 id="wall-title" className={styles.title}>
          {wallTitle(favorites)}
        </h1>
        <SearchBox value={text} onChange={setText} onSearch={searchFor} inputRef={searchBox} />
        <WallActions
          favorites={favorites}
          onShowAll={showAll}
          onShowFavorites={showFavorites}
          onSurprise={() => setSurprise(true)}
          surpriseRef={surpriseButton}
        />
        {/* One row with the order, so a phone still shows the first thought on its first screen. */}
        <div className={styles.orderRow}>
          <OrderPicker order={view.order} onChange={sortBy} searching={search !== undefined} />
          {shown > 0 && selecting === undefined ? (
            <button type="button" className={buttons.compact} onClick={() => setSelecting(true)}>
              Selecionar
            </button>
          ) : null}
        </div>
      </div>
      {selecting !== undefined && drawn.data ? (
        <Suspense fallback={null}>
          <SelectionMode
            ids={shownIds}
            total={total}
            filters={filters}
            start={selecting === true ? undefined : selecting}
            onClose={() => setSelecting(undefined)}
          />
        </Suspense>
      ) : null}
      {label || author || without ? (
        <WallFilterHeading
          view={view}
          total={drawn.isPlaceholderData ? undefined : drawn.data?.pages.at(-1)?.total}
          shown={(!drawn.isPlaceholderData && drawn.data?.pages[0]?.items) || []}
        />
      ) : null}
      {dayShown ? (
        <DayThought
          onToggleFavorite={(thought, heart) => favorite.toggle(thought, heart, "apart")}
          failure={failedOnDay ? failureNote("card") : undefined}
          ReviewCount={ReviewCount}
        />
      ) : null}
      <p role="status" className="visually-hidden">
        {drawn.isPlaceholderData ? "" : countMessage(shown, total)}
      </p>
      {search && drawn.data && !drawn.isPlaceholderData && shown > 0 ? (
        <p className={styles.reviewSearch}>
          <Link to={paths.reviewOf({ q: search })}>Revisar os resultados desta busca</Link>
        </p>
      ) : null}
      {/* Said on its card; above the wall only when that card is not shown (another view, refetched away). */}
      {failure && !failedCardShown && !failedOnDay ? failureNote("wall") : null}
      {drawn.data ? (
        <ThoughtList
          data={drawn.data}
          stale={drawn.isPlaceholderData}
          emptyText={emptyMessage(filters)}
          invite={dayShown}
          onToggleFavorite={toggleOnWall}
          viewQuery={wallQuery(view)}
          PendingNote={PendingNote}
          failure={
            failedCardShown && failureId !== undefined
              ? { id: failureId, node: failureNote("card") }
              : undefined
          }
        />
      ) : list.isError ? (
        <ErrorNotice message={listFailureMessage(list.error, filters)} onRetry={() => void list.refetch()} />
      ) : (
        <ThoughtListSkeleton />
      )}
      {search && drawn.data && !drawn.isPlaceholderData && !shown ? (
        <Suspense fallback={null}>
          <SearchEmpty search={search} onClear={clearSearch} />
        </Suspense>
      ) : null}
      {drawn.data && !drawn.isPlaceholderData && shown > 0 ? (
        list.isFetchNextPageError ? (
          <ErrorNotice
            message={nextPageFailureMessage(list.error)}
            onRetry={() => void list.fetchNextPage()}
          />
        ) : (
          <LoadMore
            hasMore={drawn.hasNextPage}
            busy={drawn.isFetching || mutating}
            onLoadMore={() => void list.fetchNextPage()}
          />
        )
      ) : null}
      {/* Offline, the cards on screen are the kept ones, as the offline notice already says. */}
      {list.isRefetchError && !isOfflineError(list.error) ? (
        <ErrorNotice message={listFailureMessage(list.error, filters)} onRetry={() => void list.refetch()} />
      ) : null}
      {children}
      {surprise ? (
        <Suspense fallback={null}>
          <SurpriseDialog onClose={() => setSurprise(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** How long a finger rests on a card before the selection mode opens with it. */
const LONG_PRESS_MS = 500;

/**
 * A long press on a wall card (touch only) calls `open` with its thought's id, while `active`. The click
 * that may follow the lifted finger follows no link, and a long press opens no menu on a card.
 */
function useLongPress(active: boolean, open: (id: number) => void) {
  const latest = useRef({ active, open });
  useLayoutEffect(() => {
    latest.current = { active, open };
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fired = false;
    const cardOf = (event: Event) =>
      (event.target as Element | null)?.closest?.("article")?.querySelector("[data-card-id]");
    const down = (event: PointerEvent) => {
      fired = false;
      const marker = cardOf(event);
      if (event.pointerType !== "touch" || !marker || !latest.current.active) return;
      timer = setTimeout(() => {
        fired = true;
        latest.current.open(Number(marker.getAttribute("data-card-id")));
      }, LONG_PRESS_MS);
    };
    const end = () => clearTimeout(timer);
    const menu = (event: Event) => {
      if (fired || (cardOf(event) && (event as PointerEvent).pointerType === "touch")) event.preventDefault();
    };
    const click = (event: Event) => {
      if (!fired) return;
      fired = false;
      event.preventDefault();
      event.stopPropagation();
    };
    const listeners = [
      ["pointerdown", down],
      ["pointerup", end],
      ["pointercancel", end],
      ["contextmenu", menu],
      ["click", click],
    ] as const;
    for (const [name, listener] of listeners)
      document.addEventListener(name, listener as EventListener, true);
    return () => {
      end();
      for (const [name, listener] of listeners)
        document.removeEventListener(name, listener as EventListener, true);
    };
  }, []);
}

interface WallPageProps {
  children?: ReactNode;
  SurpriseDialog: ComponentType<{ onClose: () => void }>;
  /** A failed favorite change, said on its card; on demand too, like the dialog. */
  FavoriteFailureNote: ComponentType<FavoriteFailureNoteProps>;
  /** What a search that found nothing offers (a way back, labels and authors): on demand too. */
  SearchEmpty: ComponentType<SearchEmptyProps>;
  /** The selection mode: on demand too, when first used. */
  SelectionMode: ComponentType<SelectionModeProps>;
  /** 'Aguardando envio' on a card whose write waits on this device: on demand too. */
  PendingNote?: ComponentType<PendingNoteProps>;
  /** What is left of the day's review, beside the day's thought: on demand too, once the page has settled. */
  ReviewCount?: ComponentType<ReviewCountProps>;
}
