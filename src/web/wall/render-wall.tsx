import { Route } from "wouter";
import { paths } from "../paths";
import { renderAt } from "../testing/render-at";
import { WallPage } from "./WallPage";

/** Test support: the wall at its route, as in the app. */
export function renderWall() {
  return renderAt(
    paths.wall,
    <Route path={paths.wall}>
      <WallPage />
    </Route>,
  );
}
