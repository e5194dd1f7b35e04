import { useEffect, useRef } from "react";
import { usePageTitle } from "../ui/usePageTitle";
import { CaptureSection } from "./CaptureSection";
import { ExportSection } from "./ExportSection";
import styles from "./ImportExportPage.module.css";
import { ImportSection } from "./ImportSection";

/** /importarExportar: the whole wall as a download, and a file's thoughts brought onto it. */
export function ImportExportPage() {
  usePageTitle("Importar e exportar");
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from another screen, the focus starts at this one's heading, as after any route change.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        Importar e exportar
      </h1>
      <ExportSection />
      <ImportSection />
      <CaptureSection />
    </div>
  );
}
