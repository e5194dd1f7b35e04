import { useLayoutEffect } from "react";
import { useReviewLeft } from "../api/review-day";

export interface ReviewCountProps {
  /** Hears how many cards of the day's review are left (undefined until known, or if asking failed). */
  onCount: (left: number | undefined) => void;
}

/**
 * What is left of the day's review, for the wall's 'Revisão · 5' (ReviewLink, which draws it). Comes with
 * the forms' chunk, once the page has settled: the day's set and its answers kept on this device are code
 * the first visit does not carry. Draws nothing itself.
 */
export function ReviewCount({ onCount }: ReviewCountProps) {
  const left = useReviewLeft();
  // Before the paint: drawn again over a count already known (back on the wall), the link shows it at once.
  useLayoutEffect(() => onCount(left), [left, onCount]);
  return null;
}
