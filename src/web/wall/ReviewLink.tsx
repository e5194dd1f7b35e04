import { useReviewLeft } from "../api/review-day";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./WallPage.module.css";

/**
 * 'Revisão · 5' beside the day's thought: the day's review, with how many cards are left today. The count is
 * asked for once the wall is drawn; until it comes the link says 'Revisão'. The key r opens it too.
 */
export function ReviewLink() {
  const left = useReviewLeft();
  const shown = left === undefined ? "Revisão" : `Revisão · ${left}`;
  return (
    <Link
      to={paths.review}
      className={styles.reviewLink}
      aria-keyshortcuts="r"
      // Said in words: the number alone would not say what it counts.
      aria-label={left === undefined ? undefined : `${shown} ${left === 1 ? "cartão" : "cartões"} para hoje`}
    >
      {shown}
    </Link>
  );
}
