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
  const known = history.data ?? { sequencia: day.sequencia, dias: [] };
  const days = new Set(known.dias);
  // Today counts once this device has reviewed it, even if the server has not heard of it yet.
  const streak = themed || days.has(day.dia) ? known.sequencia : known.sequencia + 1;
  if (!themed) days.add(day.dia);
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
