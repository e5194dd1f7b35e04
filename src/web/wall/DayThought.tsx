import { useQuery } from "@tanstack/react-query";
import { fetchDayThought, thoughtKeys } from "../api/thoughts";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import styles from "./WallPage.module.css";

/**
 * 'Pensamento do dia': the thought the server chose for today, above the wall. An extra, so it shows
 * nothing while it loads, on an empty wall, or if it fails: the wall below says what is wrong.
 */
export function DayThought() {
  const day = useQuery({ queryKey: thoughtKeys.day(), queryFn: ({ signal }) => fetchDayThought(signal) });
  if (!day.data) return null;
  return (
    <section className={styles.day} aria-labelledby="day-title">
      <h2 id="day-title" className={styles.dayTitle}>
        Pensamento do dia
      </h2>
      <ThoughtCard {...day.data} as="figure" />
    </section>
  );
}
