import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { SEARCH_MIN } from "../../domain/rules";
import { effectiveSearch } from "../../domain/search-text";
import { errorMessage } from "../api/client";
import { type ListFilters, thoughtKeys } from "../api/thoughts";
import { useThoughtList } from "../api/use-thought-list";
import { ErrorNotice } from "../ui/ErrorNotice";
import { usePageTitle } from "../ui/usePageTitle";
import { DayThought } from "./DayThought";
import { FavoriteFailure, useFavoriteToggle } from "./FavoriteFailure";
import { LoadMore } from "./LoadMore";
import { SearchBox } from "./SearchBox";
import { ThoughtList, ThoughtListSkeleton } from "./ThoughtList";
import { WallActions } from "./WallActions";
import styles from "./WallPage.module.css";
import { countMessage, emptyMessage, wallTitle } from "./wall-texts";

// Opened on demand, with the forms' code (a chunk of its own would split the wall's: see forms.ts).
const SurpriseDialog = lazy(() => import("../forms").then((m) => ({ default: m.SurpriseDialog })));

/** A key pressed while typing belongs to the field, not to a shortcut. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The wall: title, search, the two views, the cards and 'Carregar mais'. `children` is what its own routes
 * draw over it (the delete dialog).
 */
export function WallPage({ children }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  const [favorites, setFavorites] = useState(false);
  const [text, setText] = useState("");
  const [searched, setSearched] = useState("");
  const search = effectiveSearch(searched, SEARCH_MIN);
  const filters = useMemo<ListFilters>(() => ({ favorites, search }), [favorites, search]);
  const title = wallTitle(favorites);
  usePageTitle(title);

  const [surprise, setSurprise] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const plain = !(event.ctrlKey || event.metaKey || event.altKey);
      if (event.key === "s" && plain && !typing(event.target) && !document.querySelector("dialog[open]")) {
        event.preventDefault();
        setSurprise(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const list = useThoughtList(filters);
  const favorite = useFavoriteToggle();
  const mutating = useIsMutating() > 0;

  // Both views start again from page 1, as the spec's buttons do, whatever was loaded before.
  const restart = (next: ListFilters) =>
    queryClient.resetQueries({ queryKey: thoughtKeys.list(next), exact: true });
  const showAll = () => {
    setText("");
    setSearched("");
    setFavorites(false);
    void restart({ favorites: false, search: undefined });
  };
  const showFavorites = () => {
    setFavorites(true);
    void restart({ favorites: true, search });
  };

  const shown = list.data?.pages.reduce((count, page) => count + page.items.length, 0) ?? 0;
  const total = list.data?.pages.at(-1)?.total ?? 0;

  return (
    <section className={styles.wall} aria-labelledby="wall-title">
      <div className={styles.top}>
        <h1 id="wall-title" className={styles.title}>
          {title}
        </h1>
        <SearchBox value={text} onChange={setText} onSearch={setSearched} />
        <WallActions
          favorites={favorites}
          onShowAll={showAll}
          onShowFavorites={showFavorites}
          onSurprise={() => setSurprise(true)}
        />
      </div>
      {favorites || search ? null : <DayThought />}
      <p role="status" className="visually-hidden">
        {list.isPlaceholderData ? "" : countMessage(shown, total)}
      </p>
      <FavoriteFailure failure={favorite.failure} onRetry={favorite.retry} />
      {list.data ? (
        <ThoughtList
          data={list.data}
          stale={list.isPlaceholderData}
          emptyText={emptyMessage(filters)}
          onToggleFavorite={favorite.toggle}
        />
      ) : list.isError ? (
        <ErrorNotice message={loadFailure(list.error)} onRetry={() => void list.refetch()} />
      ) : (
        <ThoughtListSkeleton />
      )}
      {list.data && !list.isPlaceholderData && shown > 0 ? (
        list.isFetchNextPageError ? (
          <ErrorNotice message={loadFailure(list.error)} onRetry={() => void list.fetchNextPage()} />
        ) : (
          <LoadMore
            hasMore={list.hasNextPage}
            busy={list.isFetching || mutating}
            onLoadMore={() => void list.fetchNextPage()}
          />
        )
      ) : null}
      {list.isRefetchError ? (
        <ErrorNotice message={loadFailure(list.error)} onRetry={() => void list.refetch()} />
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

function loadFailure(error: unknown): string {
  return `Não foi possível carregar os pensamentos. ${errorMessage(error)}`;
}
