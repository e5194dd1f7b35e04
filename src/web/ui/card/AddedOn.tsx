import { useSyncExternalStore } from "react";
import { addedOn } from "./added-on";

const unchanging = () => () => {};

/**
 * The zone the dates are written in. The server renders in UTC, as it cannot know the reader's, and React
 * hydrates with that same text, then draws the reader's day at once: a date changes only for a thought added
 * within a few hours of midnight, where the two zones name different days.
 */
const useZone = () =>
  useSyncExternalStore(
    unchanging,
    () => "reader" as const,
    () => "UTC" as const,
  );

/** When the thought was added, quietly: its day, the full instant as the element's title. */
export function AddedOn({ instant, className }: { instant: string; className?: string }) {
  const { day, full } = addedOn(instant, useZone());
  return (
    <p className={className}>
      <span className="visually-hidden">Adicionado em </span>
      <time dateTime={instant} title={full}>
        {day}
      </time>
    </p>
  );
}
