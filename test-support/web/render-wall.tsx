import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { paths } from "../../src/web/paths";
import { SelectionMode } from "../../src/web/selection/SelectionMode";
import { renderAt } from "../../src/web/testing/render-at";
import { FavoriteFailureNote } from "../../src/web/ui/FavoriteFailureNote";
import { PendingNote } from "../../src/web/wall/PendingNote";
import { ReviewCount } from "../../src/web/wall/ReviewCount";
import { SearchEmpty } from "../../src/web/wall/SearchEmpty";
import { WallPage } from "../../src/web/wall/WallPage";

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
  client?: QueryClient,
) {
  return renderAt(
    address,
    [
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
    ],
    client,
  );
}
