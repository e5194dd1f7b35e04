/**
 * The screens and dialogs loaded on demand, as one chunk: the forms (react-hook-form and zod, nearly all
 * of its weight), the sign-in, the import and export page, the trash, the labels, the library (authors,
 * sources, a source), the review, and the wall's dialogs. One dynamic
 * import for all, not one each: given several, Rolldown 1.2 stopped merging the modules the wall shares
 * with them (React, the router, the API client) into the entry and split them off into a chunk of their
 * own, which the first visit then loads as well. The loaders, retried once, are in chunks.ts.
 */
export { outbox, startOutbox } from "./api/outbox/outbox-browser";
export { CreatePage } from "./editor/CreatePage";
export { EditPage } from "./editor/EditPage";
export { SavedLine } from "./editor/SavedLine";
export { ImportExportPage } from "./import-export/ImportExportPage";
export { ImportsPage } from "./imports/ImportsPage";
export { LabelsPage } from "./labels/LabelsPage";
export { chooseTheme } from "./layout/choose-theme";
export { AuthorsPage } from "./library/AuthorsPage";
export { SourcePage } from "./library/SourcePage";
export { SourcesPage } from "./library/SourcesPage";
export { LiveState } from "./live/LiveState";
export { OutboxStatus } from "./offline/OutboxStatus";
export { MemorisePage } from "./review/MemorisePage";
export { ReviewPage } from "./review/ReviewPage";
export { ReviewSettingsPage } from "./review/ReviewSettingsPage";
export { NotFoundPage } from "./routing/NotFoundPage";
export { SelectionMode } from "./selection/SelectionMode";
export { SignInPage } from "./session/SignInPage";
export { SettingsPage } from "./settings/SettingsPage";
export { ShareDialog } from "./share/ShareDialog";
export { ShortcutsDialog } from "./shortcuts/ShortcutsDialog";
export { SurpriseDialog } from "./surprise/SurpriseDialog";
export { TrashPage } from "./trash/TrashPage";
export { FavoriteFailureNote } from "./ui/FavoriteFailureNote";
export { PendingNote } from "./wall/PendingNote";
export { ReviewCount } from "./wall/ReviewCount";
export { SearchEmpty } from "./wall/SearchEmpty";
export { UndoLine } from "./wall/UndoLine";
