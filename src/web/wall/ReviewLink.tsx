import { type ComponentType, Suspense, useState } from "react";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { useSettled } from "../routing/settled";
import type { ReviewCountProps } from "./ReviewCount";
import styles from "./WallPage.module.css";

/**
 * 'Revisão · 5' beside the day's thought: the day's review, with how many cards are left today. The count
 * (ReviewCount, which the app loads on demand) is asked for once the page has settled; until it comes the
 * link says 'Revisão', in room kept for the count (`.reviewLink`), so its arrival moves nothing. The key r
 * opens it too.
 */
export function ReviewLink({ ReviewCount }: { ReviewCount?: ComponentType<ReviewCountProps> | undefined }) {
  const [left, setLeft] = useState<number>();
  const settled = useSettled();
  const shown = left === undefined ? "Revisão" : `Revisão · ${left}`;
  return (
    <>
      <Link
        to={paths.review}
        className={styles.reviewLink}
        aria-keyshortcuts="r"
        // Said in words: the number alone would not say what it counts.
        aria-label={
          left === undefined ? undefined : `${shown} ${left === 1 ? "cartão" : "cartões"} para hoje`
        }
      >
        {shown}
      </Link>
      {settled && ReviewCount ? (
        <Suspense fallback={null}>
          <ReviewCount onCount={setLeft} />
        </Suspense>
      ) : null}
    </>
  );
}
