// `npm run bench`: every benchmark in turn, each printing its own table of figures beside their budgets.
// Benchmarks are bounded in time and talk only to servers they start themselves on loopback.
const suites: { name: string; load: () => Promise<{ run: () => Promise<void> }> }[] = [
  {
    name: "API: absolute budgets at 100k thoughts (SQLite, and PostgreSQL when configured; json-server beside), and at 1,000,000 (SQLite)",
    load: () => import("./api.bench"),
  },
  {
    name: "Labels alone: the label filter and the labels list beside the first page, 100k thoughts, 1,000 labels (SQLite, and PostgreSQL with TEST_DATABASE_URL)",
    load: () => import("./labels.bench"),
  },
  {
    name: "Library: authors, sources and a source's thoughts beside the first page, 100k thoughts, 5,000 authors and sources (SQLite, and PostgreSQL with TEST_DATABASE_URL)",
    load: () => import("./library.bench"),
  },
  {
    name: "Review: choosing a day's set and recording an answer at 100k thoughts, in-process (SQLite, and PostgreSQL with TEST_DATABASE_URL)",
    load: () => import("./review.bench"),
  },
  {
    name: "Label renames: a label on 30,000 thoughts renamed, in case only, merged and deleted; time and longest event-loop hold (SQLite, and PostgreSQL with TEST_DATABASE_URL)",
    load: () => import("./label-renames.bench"),
  },
  {
    name: "Bulk: an import of 10,000 undone and a selection of 10,000 moved to the trash and back, on 50,000 thoughts (SQLite, and PostgreSQL with TEST_DATABASE_URL)",
    load: () => import("./bulk.bench"),
  },
  {
    name: "Import and export (100k thoughts, through the server; SQLite, and PostgreSQL when configured)",
    load: () => import("./transfer.bench"),
  },
  {
    name: "Import under hostile load: 1 MiB of {} and 100,000 valid thoughts (SQLite, from the sources)",
    load: () => import("./import-load"),
  },
  {
    name: "Kindle import under hostile load: a title line of 1 MiB of spaces, 20,000 and 200,000 highlights, 10,000 with a note each (SQLite, from the sources)",
    load: () => import("./import-kindle"),
  },
  {
    name: "Live updates: commit to event on another instance (p50/p99), 100 open streams' memory, create p50 with the change log (SQLite two processes on one file, PostgreSQL two instances with TEST_DATABASE_URL)",
    load: () => import("./live.bench"),
  },
  {
    name: "Readers' highlights: 100,000 from Readwise, Kobo, KOReader, the Kindle notebook and a mapped CSV, with /api/health and memory (SQLite, and PostgreSQL with TEST_DATABASE_URL; from the sources)",
    load: () => import("./import-highlights"),
  },
  {
    name: "Web: first-visit download, largest contentful paint, and Lighthouse (mobile) on 30 thoughts",
    load: () => import("./web.bench"),
  },
  {
    name: "Web interactions: favourite, search, 'Carregar mais', the delete dialog, `n` and the next review card at 4x CPU slowdown, beside React DOM's floor",
    load: () => import("./web-interactions.bench"),
  },
];

const only = process.argv[2];
for (const suite of suites) {
  if (only && !suite.name.toLowerCase().includes(only.toLowerCase())) continue;
  console.log(`\n### ${suite.name}\n`);
  const module = await suite.load();
  await module.run();
}

export {};
