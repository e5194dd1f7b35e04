import { nextTask } from "./routing/next-task";

/**
 * The modules whose top level builds the schemas the forms validate with (zod's, shared with the server), in
 * the order they import one another: the first brings zod itself.
 */
const SCHEMAS_IN_ORDER = [
  () => import("../domain/thought-fields"),
  () => import("../domain/thought"),
  () => import("../domain/json-server-params"),
  () => import("../domain/contract-schemas"),
  () => import("../domain/review-schemas"),
  () => import("../domain/library-schemas"),
  () => import("../domain/bulk-schemas"),
];

/**
 * The forms' chunk, evaluated a piece at a time. Building zod's schemas is most of its evaluation, and as one
 * module graph it was one task of 230–350 ms at 4× CPU when the wall settled and loaded it: a tap on a slow
 * phone then waited for all of it, and Lighthouse counted most of it as blocking time. Each schema module is
 * now evaluated in a task of its own, then the rest of the chunk: no task over 65 ms at 4× CPU. The bundler
 * makes each module a chunk of its own; the first visit's script is 113 bytes larger (gzip).
 */
export async function evaluateFormsInSteps() {
  for (const load of SCHEMAS_IN_ORDER) {
    await load();
    await nextTask();
  }
  return import("./forms");
}
