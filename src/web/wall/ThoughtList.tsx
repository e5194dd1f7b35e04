import { type ComponentType, memo, type ReactNode, useDeferredValue } from "react";
import { useOutboxView } from "../api/outbox/outbox-state";
import type { WallPages } from "../api/use-thought-list";
import { paths } from "../paths";
import { useAppState } from "../routing/app-state";
import { Link } from "../routing/Link";
import { useValue } from "../routing/value-store";
import type { ToggleFavorite } from "../ui/FavoriteHeart";
import type { PendingNoteProps } from "./PendingNote";
import { WallCard } from "./WallCard";
import styles from "./WallPage.module.css";

interface ThoughtListProps {
  data: WallPages;
  /** The cards on screen still answer the previous search while the new one loads. */
  stale: boolean;
  emptyText: string;
  /** The whole wall, empty: it invites the first thought, or an import. */
  invite?: boolean;
  onToggleFavorite: ToggleFavorite;
  /** The wall's view as a query string, carried by the links that draw over the wall. */
  viewQuery: string;
  /** A failure about one card, said on that card. */
  failure?: { id: number; node: ReactNode };
  /** What a card whose write waits on this device says (the app loads it on demand). */
  PendingNote?: ComponentType<PendingNoteProps> | undefined;
}

/**
 * Memoised, as each card is: a key typed in the search box, a favourite's busy state or a dialog opened over
 * the wall draws the wall again, not its cards (a slow phone felt each as a pause of some 100 ms).
 */
export const ThoughtList = memo(function ThoughtList({
  data,
  stale,
  emptyText,
  invite,
  onToggleFavorite,
  viewQuery,
  failure,
  PendingNote,
}: ThoughtListProps) {
  const marked = useValue(useAppState().marked);
  // Read by offset (an order other than the wall's own), a page may repeat a card when a thought was added
  // before it meanwhile: each is shown once.
  const ids = new Set<number>();
  const loaded = data.pages.flatMap((page) => page.items).filter((t) => !ids.has(t.id) && ids.add(t.id));
  // The writes waiting on this device, drawn over the server's cards (and the thoughts created offline). In
  // a deferred render, as the cards' own list is (drawn-list.ts): the writes just sent are let go once the
  // lists have their new answer, and drawn at once, that left the card showing its old answer for a render.
  const outbox = useDeferredValue(useOutboxView());
  const { thoughts, marks } = outbox?.overlay(loaded, outbox.entries, invite === true, outbox.sent) ?? {
    thoughts: loaded,
  };
  const search = data.pages[0]?.search;
  if (thoughts.length === 0) {
    return (
      <p className={styles.empty}>
        {emptyText}
        {invite && (
          <>
            <Link to={paths.create}>Escreva o primeiro</Link>
            <Link to={paths.importExport}>Importar do Kindle, do Keep ou de um arquivo</Link>
          </>
        )}
      </p>
    );
  }
  return (
    <div className={`${styles.cards} ${stale ? styles.stale : ""}`} aria-busy={stale}>
      {thoughts.map((thought) => (
        <WallCard
          key={thought.id}
          thought={thought}
          search={search}
          onToggleFavorite={onToggleFavorite}
          viewQuery={viewQuery}
          failure={failure?.id === thought.id ? failure.node : undefined}
          marked={marked === thought.id}
          pending={marks?.get(thought.id)}
          PendingNote={PendingNote}
        />
      ))}
    </div>
  );
});

/** Three blank cards while the first page loads, so the wall does not jump when it arrives. */
export function ThoughtListSkeleton() {
  return (
    <div className={styles.cards}>
      <p role="status" className="visually-hidden">
        Carregando pensamentos…
      </p>
      {[0, 1, 2].map((n) => (
        <div key={n} className={styles.skeleton} aria-hidden="true" />
      ))}
    </div>
  );
}
