import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { isOfflineError } from "../api/client";
import { type ListFilters, type ListOrder, thoughtKeys } from "../api/thoughts";
import { thoughtInPages, useThoughtList } from "../api/use-thought-list";
import { keptWall } from "../routing/kept-wall";
import { ErrorNotice } from "../ui/ErrorNotice";
import { useFavoriteToggle } from "../ui/FavoriteFailure";
import type { FavoriteFailureNoteProps } from "../ui/FavoriteFailureNote";
import { usePageTitle } from "../ui/usePageTitle";
import { useShortcuts } from "../ui/useShortcuts";
import { DayThought } from "./DayThought";
import { useKeptExtent } from "./keep-extent";
import { LoadMore } from "./LoadMore";
import { listFailureMessage, nextPageFailureMessage } from "./list-failure";
import { OrderPicker } from "./OrderPicker";
import type { PendingNoteProps } from "./PendingNote";
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
  PendingNote,
}: WallPageProps) {
  const queryClient = useQueryClient();
  const [view, show] = useWallView();
  const { favorites } = view;
  // The box's text follows each change; the address takes it on key release, or once a change that came
  // without one (predictive text, dictation, autofill) settles (see SearchBox). When the address changes
  // otherwise (Back, Forward, 'Meu Mural'), the box takes the address's text. Not when the address only
  // catches up with what the box sent: the router applies a change a moment later, and by then the next
  // key may be in the box, which going back to the address's text would drop.
  const [text, setText] = useState(view.text);
  const [shownText, setShownText] = useState(view.text);
  const [sent, setSent] = useState<string[]>([]);
  if (view.text !== shownText) {
    setShownText(view.text);
    const ours = sent.indexOf(view.text);
    setSent(ours >= 0 ? sent.slice(ours + 1) : []);
    if (ours < 0) setText(view.text);
  }
  const { search, label, author, order } = wallFilters(view);
  const filters = useMemo<ListFilters>(
    () => ({
      favorites,
      search,
      ...(label ? { label } : {}),
      ...(author ? { author } : {}),
      ...(order ? { order } : {}),
    }),
    [favorites, search, label, author, order],
  );
  usePageTitle(wallPageTitle(filters));

  const list = useThoughtList(filters);
  const favorite = useFavoriteToggle(favorites);
  const mutating = useIsMutating() > 0;
  const [surprise, setSurprise] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const surpriseButton = useRef<HTMLButtonElement>(null);

  // Typing rewrites the current history entry: Back leaves the wall, not one letter.
  const searchFor = (value: string) => {
    // Only spaces search nothing, and the address keeps none of them (see wallQuery).
    if (show({ ...view, text: value }, { replace: true }))
      setSent((texts) => [...texts, value.trim() ? value : ""]);
  };
  // Both views start again from page 1, as 'Meu Mural' and 'Meus favoritos' always have, whatever was loaded
  // before; the new view gets a history entry of its own, so Back returns to the previous one as it was.
  const restart = (next: WallView) => {
    void queryClient.resetQueries({ queryKey: thoughtKeys.list(wallFilters(next)), exact: true });
    show(next, { replace: false });
  };
  // 'Meu Mural' lifts the mode, the search and the filters, not the order the user chose to read in.
  const showAll = () => {
    setText("");
    favorite.clear();
    restart({ text: "", favorites: false, ...(view.order ? { order: view.order } : {}) });
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

  const shown = list.data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const dayShown = !(favorites || search || label || author);
  // What the offline notice says it shows: these cards, known since the oldest page's answer.
  const oldest = list.data?.pages.reduce((at, page) => Math.min(at, page.at ?? at), Number.POSITIVE_INFINITY);
  const keptAt =
    oldest === undefined ? undefined : Number.isFinite(oldest) ? oldest : list.dataUpdatedAt || undefined;
  // -1: nothing to show (the first page failed); undefined: still loading.
  const keptShown = list.data ? shown : list.isError ? -1 : undefined;
  useEffect(() => {
    keptWall.set(
      keptShown === undefined ? undefined : keptShown < 0 ? null : { shown: keptShown, at: keptAt },
    );
  }, [keptShown, keptAt]);
  useEffect(() => () => keptWall.clear(), []);
  useKeptExtent(wallQuery(view), shown, list.data !== undefined && !list.isPlaceholderData, list);
  const failure = favorite.failure;
  const failureId = failure?.change.thought.id;
  // Said on the card whose heart was pressed: the day's, or the thought's on the wall.
  const failedOnDay = dayShown && failure?.place === "apart";
  const failedCardShown =
    failure?.place === "wall" &&
    list.data !== undefined &&
    !!thoughtInPages(list.data.pages, failure.change.thought.id);
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
        <OrderPicker order={view.order} onChange={sortBy} searching={search !== undefined} />
      </div>
      {label || author ? (
        <WallFilterHeading
          view={view}
          total={list.isPlaceholderData ? undefined : list.data?.pages.at(-1)?.total}
          shown={(!list.isPlaceholderData && list.data?.pages[0]?.items) || []}
        />
      ) : null}
      {dayShown ? (
        <DayThought
          onToggleFavorite={(thought, heart) => favorite.toggle(thought, heart, "apart")}
          failure={failedOnDay ? failureNote("card") : undefined}
        />
      ) : null}
      <p role="status" className="visually-hidden">
        {list.isPlaceholderData ? "" : countMessage(shown, total)}
      </p>
      {/* Said on its card; above the wall only when that card is not shown (another view, refetched away). */}
      {failure && !failedCardShown && !failedOnDay ? failureNote("wall") : null}
      {list.data ? (
        <ThoughtList
          data={list.data}
          stale={list.isPlaceholderData}
          emptyText={emptyMessage(filters)}
          invite={dayShown}
          onToggleFavorite={favorite.toggle}
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
      {search && list.data && !list.isPlaceholderData && !shown ? (
        <Suspense fallback={null}>
          <SearchEmpty search={search} onClear={clearSearch} />
        </Suspense>
      ) : null}
      {list.data && !list.isPlaceholderData && shown > 0 ? (
        list.isFetchNextPageError ? (
          <ErrorNotice
            message={nextPageFailureMessage(list.error)}
            onRetry={() => void list.fetchNextPage()}
          />
        ) : (
          <LoadMore
            hasMore={list.hasNextPage}
            busy={list.isFetching || mutating}
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

interface WallPageProps {
  children?: ReactNode;
  SurpriseDialog: ComponentType<{ onClose: () => void }>;
  /** A failed favorite change, said on its card; on demand too, like the dialog. */
  FavoriteFailureNote: ComponentType<FavoriteFailureNoteProps>;
  /** What a search that found nothing offers (a way back, labels and authors): on demand too. */
  SearchEmpty: ComponentType<SearchEmptyProps>;
  /** 'Aguardando envio' on a card whose write waits on this device: on demand too. */
  PendingNote?: ComponentType<PendingNoteProps>;
}
