/**
 * The screens built on react-hook-form and zod, loaded on demand as one chunk. One dynamic import for
 * the three, not one each: given a fourth, Rolldown 1.2 stopped merging the modules the wall shares with
 * them (React, React Router, the API client) into the entry and split 22 KB gzip of them off into a
 * chunk of their own, which the first visit then loads as well: 1.5 KB gzip more, past the 100 KB budget.
 * The form library is nearly all of their weight, and they share it anyway.
 * The import and export page joins them for the same reason: in a chunk of its own, even a page of one
 * link made Rolldown 1.2.19 split React Router off the entry (a first visit of 83.4 + 16.8 KB gzip). It
 * needs zod too, for the import's limits in the contract.
 */
export { CreatePage } from "./editor/CreatePage";
export { EditPage } from "./editor/EditPage";
export { ImportExportPage } from "./import-export/ImportExportPage";
export { NotFoundPage } from "./layout/NotFoundPage";
export { SignInPage } from "./session/SignInPage";
export { ShortcutsDialog } from "./shortcuts/ShortcutsDialog";
export { SurpriseDialog } from "./surprise/SurpriseDialog";
export { TrashPage } from "./trash/TrashPage";
