import { apiPaths } from "../../domain/contract";
import { pickedThought } from "./thoughts";

/** The `step`-th draw of the visit's shuffle `seed`: no thought twice until every one was shown. */
export const fetchRandomThought = (seed: number, step: number, signal?: AbortSignal) =>
  pickedThought(`${apiPaths.randomThought}?semente=${seed}&passo=${step}`, signal);
