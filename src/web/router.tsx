import { createBrowserRouter, type RouteObject, redirect } from "react-router";
import { CreatePage } from "./editor/CreatePage";
import { EditPage } from "./editor/EditPage";
import { NotFoundPage } from "./layout/NotFoundPage";
import { Shell } from "./layout/Shell";
import { paths } from "./paths";
import { RemovalDialog } from "./removal/RemovalDialog";
import { WallPage } from "./wall/WallPage";

/** The spec's routes; the delete confirmation is a dialog drawn over the wall. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, loader: () => redirect(paths.wall) },
      { path: paths.wall, element: <WallPage /> },
      { path: paths.create, element: <CreatePage /> },
      { path: paths.patterns.edit, element: <EditPage /> },
      {
        path: paths.patterns.remove,
        element: (
          <>
            <WallPage />
            <RemovalDialog />
          </>
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
