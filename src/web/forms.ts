/**
 * The screens built on react-hook-form and zod, loaded on demand as one chunk. One dynamic import for
 * the three, not one each: given a fourth, Rolldown 1.2 stopped merging the modules the wall shares with
 * them (React, React Router, the API client) into the entry and split 22 KB gzip of them off into a
 * chunk of their own, which the first visit then loads as well: 1.5 KB gzip more, past the 100 KB budget.
 * The form library is nearly all of their weight, and they share it anyway.
 */
export { CreatePage } from "./editor/CreatePage";
export { EditPage } from "./editor/EditPage";
export { SignInPage } from "./session/SignInPage";
