/**
 * DOCS_SCREENSHOTS=1 makes the specs that illustrate docs/ write their screenshots there; otherwise a run of the
 * suite leaves the tracked files as they were.
 */
export const docsScreenshots = process.env.DOCS_SCREENSHOTS === "1";
