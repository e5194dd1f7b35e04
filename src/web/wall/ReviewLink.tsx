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
  return (
    <Link to={paths.review} className={styles.reviewLink} aria-keyshortcuts="r">
      Revisão
      {left === undefined ? null : (
        <>
          {` · ${left}`}
          <span className="visually-hidden">{left === 1 ? " cartão para hoje" : " cartões para hoje"}</span>
        </>
      )}
    </Link>
  );
}
