import type { ComponentType } from "react";
import { paths } from "../paths";
import { SelectionMode } from "../selection/SelectionMode";
import { FavoriteFailureNote } from "../ui/FavoriteFailureNote";
import { PendingNote } from "../wall/PendingNote";
import { ReviewCount } from "../wall/ReviewCount";
import { SearchEmpty } from "../wall/SearchEmpty";
import { WallPage } from "../wall/WallPage";
import { renderAt } from "./render-at";

/** Stands in for the surprise dialog the app hands the wall, in tests that never open it. */
const NoSurprise = () => null;

/**
 * Test support: the wall at its route, as in the app, opened at `address` (the wall's, with a query).
 * The app gives the wall its surprise dialog; a test that opens it passes it too. The failure note, what
 * an empty search offers and the review's count are the real ones, loaded at once rather than on demand.
 */
export function renderWall(
  address: string = paths.wall,
  SurpriseDialog: ComponentType<{ onClose: () => void }> = NoSurprise,
) {
  return renderAt(address, [
    {
      path: paths.wall,
      element: (
        <WallPage
          SurpriseDialog={SurpriseDialog}
          FavoriteFailureNote={FavoriteFailureNote}
          SearchEmpty={SearchEmpty}
          SelectionMode={SelectionMode}
          PendingNote={PendingNote}
          ReviewCount={ReviewCount}
        />
      ),
    },
  ]);
}
