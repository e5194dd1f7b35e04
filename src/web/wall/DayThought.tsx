import { useQuery } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { fetchDayThought, thoughtKeys } from "../api/thoughts";
import { paths } from "../paths";
import { CardActions } from "../ui/CardActions";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import type { ToggleFavorite } from "../ui/FavoriteHeart";
import type { ReviewCountProps } from "./ReviewCount";
import { ReviewLink } from "./ReviewLink";
import styles from "./WallPage.module.css";

interface DayThoughtProps {
  onToggleFavorite: ToggleFavorite;
  /** A failed favorite change pressed on this card. */
  failure?: ReactNode;
  /** What is left of the day's review, for its link: on demand, like the wall's other parts. */
  ReviewCount?: ComponentType<ReviewCountProps> | undefined;
}

/**
 * 'Pensamento do dia': the thought the server chose for today, above the wall, cut to a few lines (its
 * 'Ver mais' shows the rest), with its heart and 'Compartilhar', and beside its title the way to the day's
 * review ('Revisão · 5'). An extra, so it shows nothing while it
 * loads, on an empty wall, or if it fails: the wall below says what is wrong.
 */
export function DayThought({ onToggleFavorite, failure, ReviewCount }: DayThoughtProps) {
  const day = useQuery({ queryKey: thoughtKeys.day(), queryFn: ({ signal }) => fetchDayThought(signal) });
  if (!day.data) return null;
  return (
    <section className={styles.day} aria-labelledby="day-title">
      <div className={styles.dayHead}>
        <h2 id="day-title" className={styles.dayTitle}>
          Pensamento do dia
        </h2>
        <ReviewLink ReviewCount={ReviewCount} />
      </div>
      <ThoughtCard
        {...day.data}
        sourceHref={day.data.fonte ? paths.source(day.data.fonte, day.data.autoria) : undefined}
        as="figure"
        clamp
      >
        <CardActions thought={day.data} onToggleFavorite={onToggleFavorite} failure={failure} />
      </ThoughtCard>
    </section>
  );
}
