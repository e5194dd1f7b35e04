import { usePageTitle } from "../ui/usePageTitle";

/** Placeholder until the wall (issue 4) lands: renders its title so the navigation can be tested. */
export function WallPage() {
  usePageTitle("Meu mural");
  return <h1>Meu mural</h1>;
}
