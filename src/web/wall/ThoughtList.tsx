import type { Thought } from "../../domain/contract";
import type { WallPages } from "../api/use-thought-list";
import { WallCard } from "./WallCard";
import styles from "./WallPage.module.css";

interface ThoughtListProps {
  data: WallPages;
  /** The cards on screen still answer the previous search while the new one loads. */
  stale: boolean;
  emptyText: string;
  onToggleFavorite: (thought: Thought) => void;
}

export function ThoughtList({ data, stale, emptyText, onToggleFavorite }: ThoughtListProps) {
  const thoughts = data.pages.flatMap((page) => page.items);
  const search = data.pages[0]?.search;
  if (thoughts.length === 0) {
    return <p className={styles.empty}>{emptyText}</p>;
  }
  return (
    <div className={`${styles.cards} ${stale ? styles.stale : ""}`} aria-busy={stale}>
      {thoughts.map((thought) => (
        <WallCard key={thought.id} thought={thought} search={search} onToggleFavorite={onToggleFavorite} />
      ))}
    </div>
  );
}

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
