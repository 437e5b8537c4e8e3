// The review's actions on the TUI state: open it on a diff (freezing the transcript's printing, as
// the transcript view does: printed lines would land on the alternate screen), close it, and pass
// every other step to the review's own reducer (review.ts).
import type { TuiAction } from "./actions.js";
import { createReview, reduceReview } from "./review.js";
import type { TuiState } from "./types.js";

export type ReviewAction = Extract<TuiAction, { type: "review_open" | "review_close" | "review" }>;

export function reduceReviewAction(s: TuiState, a: ReviewAction): TuiState {
  switch (a.type) {
    case "review_open":
      return { ...s, review: createReview(a.title, a.from, a.files, a.leftOut, s.transcript.committed.length) };
    case "review_close":
      return s.review === undefined ? s : { ...s, review: undefined };
    case "review":
      return s.review === undefined ? s : { ...s, review: reduceReview(s.review, a.op) };
    default: {
      const never: never = a;
      return never;
    }
  }
}
