// One-off: draws the example cards shown in the docs (docs/shared-card.png, docs/shared-card-long.png,
// docs/shared-card-scripts.png, docs/shared-card-right-to-left.png) with
// the server's own renderer, so they can be looked at and kept up to date after a change of the card's look.
// Run: npx tsx scripts/card-image-examples.ts [folder]   (the docs folder by default)
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderCardPng } from "../src/server/card-image/render";

const folder = resolve(process.argv[2] ?? new URL("../docs", import.meta.url).pathname);
mkdirSync(folder, { recursive: true });

const accents = {
  id: 1,
  conteudo:
    "A ação é a chave fundamental de todo sucesso.\nNão espere por uma crise para descobrir o que é importante em sua vida: é agora, coração.",
  autoria: "Pablo Picasso (citação traduzida)",
  modelo: "modelo2",
} as const;

const paragraph =
  "Era uma vez uma cidade à beira-mar onde as pessoas guardavam pensamentos em cartões de papel, presos num mural de cortiça. Cada cartão tinha uma cor, uma citação e o nome de quem a disse. ";
const long = {
  id: 2,
  conteudo: `${paragraph.repeat(3)}\n\n${paragraph.repeat(50)}`.slice(0, 10_000),
  autoria: "Autoria com um nome muito, muito comprido, que não cabe numa linha só do cartão compartilhado",
  modelo: "modelo1",
} as const;

const scripts = {
  id: 3,
  conteudo:
    "Bom dia ☀️🌻💙 ✓ ★ ♥\n千里之行，始于足下。\n花が咲いた、楽しい春です。\nשלום עולם, מה שלומך?\nمرحبا بالعالم",
  autoria: "Vozes do mundo 🌍",
  modelo: "modelo3",
} as const;

// Right to left: a Hebrew paragraph, then an Arabic one, each from the right and across the card's width.
const rightToLeft = {
  id: 4,
  conteudo:
    "הזיכרון הוא המקום שבו אנחנו שומרים את מה שאהבנו, את הקולות של הבית ואת הריח של הגשם הראשון בסתיו.\nالذاكرة هي المكان الذي نحفظ فيه ما أحببناه، أصوات البيت ورائحة المطر الأول في الخريف.",
  autoria: "מחבר לא ידוע",
  modelo: "modelo2",
} as const;

for (const [name, thought] of [
  ["shared-card.png", accents],
  ["shared-card-right-to-left.png", rightToLeft],
  ["shared-card-long.png", long],
  ["shared-card-scripts.png", scripts],
] as const) {
  const started = performance.now();
  const png = await renderCardPng(thought);
  writeFileSync(join(folder, name), png);
  console.log(`${join(folder, name)}: ${png.length} bytes in ${Math.round(performance.now() - started)} ms`);
}
