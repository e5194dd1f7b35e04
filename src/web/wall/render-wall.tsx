import { Route } from "wouter";
import { paths } from "../paths";
import { renderAt } from "../testing/render-at";
import { WallPage } from "./WallPage";

/** Test support: the wall at its route, as in the app, opened at `address` (the wall's, with a query). */
export function renderWall(address: string = paths.wall) {
  return renderAt(
    address,
    <Route path={paths.wall}>
      <WallPage />
    </Route>,
  );
}
