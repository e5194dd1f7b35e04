import { Route } from "react-router";
import { paths } from "../paths";
import { renderAt } from "../testing/render-at";
import { WallPage } from "./WallPage";

/** Test support: the wall at its route (as the layout of its child routes, like in the app). */
export function renderWall() {
  return renderAt(
    paths.wall,
    <Route element={<WallPage />}>
      <Route path={paths.wall} element={null} />
    </Route>,
  );
}
