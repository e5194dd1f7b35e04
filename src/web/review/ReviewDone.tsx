import type { Ref } from "react";
import type { ReviewDay } from "../../domain/contract";
import { useReviewHistory } from "../api/review";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { ReviewCalendar } from "./ReviewCalendar";
import styles from "./ReviewPage.module.css";
import { streakText } from "./review-texts";

interface ReviewDoneProps {
  day: ReviewDay;
  themed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The closing screen: done for today, the streak ('7 dias seguidos'), and the calendar of the last 12 months
 * of review days. The history is asked for now, when the last answer may still be on its way: today counts
 * as reviewed anyway, since this device has just reviewed it.
 */
export function ReviewDone({ day, themed, headingRef }: ReviewDoneProps) {
  const history = useReviewHistory();
  const days = new Set(history.data?.dias ?? []);
  if (!themed) days.add(day.dia);
  const streak = Math.max(history.data?.sequencia ?? 0, day.sequencia, themed ? 0 : 1);
  return (
    <div className={styles.done}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.doneTitle}>
        {themed ? "Revisão do tema concluída" : "Revisão de hoje concluída"}
      </h2>
      {streak > 0 ? (
        <p className={styles.streak}>
          <span className={styles.streakCount}>{streakText(streak)}</span>
          {themed ? null : " de revisão"}
        </p>
      ) : null}
      <div className={styles.doneLinks}>
        <Link to={paths.wall} className={styles.quiet}>
          Voltar para o mural
        </Link>
        {themed ? (
          <Link to={paths.review} className={styles.quiet}>
            Revisão de hoje
          </Link>
        ) : null}
      </div>
      <ReviewCalendar today={day.dia} days={days} />
    </div>
  );
}
