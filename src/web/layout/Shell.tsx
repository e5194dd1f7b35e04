import { Outlet } from "react-router";
import { Footer } from "./Footer";
import { Header } from "./Header";
import styles from "./Shell.module.css";

/** The header and footer that surround every screen. */
export function Shell() {
  return (
    <>
      <Header />
      <main className={styles.main}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
