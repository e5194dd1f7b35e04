import { randomUUID } from "node:crypto";
import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { beforeEach, describe, expect, it } from "vitest";
import { apiClient } from "../../../test-support/server/api-client";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";
import type { ReviewAnswerKind, ReviewDay, ReviewSettings } from "../../domain/review-schemas";
import type { ThoughtImport } from "../../domain/thought";
import { hashPassword } from "../auth/password-hash";

/** Noon in São Paulo (UTC-3, the default time zone) of a day counted from 2026-01-01. */
const noonOf = (day: number) => Date.UTC(2026, 0, 1 + day, 15);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the daily review on ${name}`, () => {
    let now = noonOf(0);
    const suite = apiSuite(name, { clock: () => now });
    beforeEach(async () => {
      now = noonOf(0);
      const { db } = suite.test.store;
      await suite.test.store.auth.removePassword();
      for (const table of [
        "review_log",
        "review_sets",
        "review_state",
        "review_settings",
        "trash",
        "thoughts",
      ] as const) {
        await db.deleteFrom(table).execute();
      }
    });

    const get = async (query = "", client = suite.api) => {
      const response = await client.call({ method: "GET", url: `${apiPaths.review}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ReviewDay;
    };
    const answer = (
      pensamentoId: number,
      resposta: string,
      pedidoId: string = randomUUID(),
      client = suite.api,
    ) =>
      client.call({
        method: "POST",
        url: apiPaths.reviewAnswers,
        payload: { pensamentoId, resposta, pedidoId },
      });
    const ok = async (pensamentoId: number, resposta: ReviewAnswerKind) => {
      const response = await answer(pensamentoId, resposta);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { feitos: number; total: number; proximaEm: string | null };
    };
    const putSettings = (payload: unknown) =>
      suite.api.call({
        method: "PUT",
        url: apiPaths.reviewSettings,
        payload: payload as Record<string, unknown>,
      });
    const ids = (day: ReviewDay) => day.cartoes.map((card) => card.pensamento.id);
    const insert = async (count: number, each: (i: number) => Partial<ThoughtImport> = () => ({})) => {
      // Added before the simulated days begin, none on 1 January (the 'Neste dia' test adds its own).
      const added = (i: number) => new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString();
      await suite.test.store.thoughts.insertMany(
        Array.from({ length: count }, (_, i) => ({ ...thoughtInput(), criadoEm: added(i), ...each(i) })),
      );
      return (await suite.test.store.thoughts.all()).map((thought) => thought.id);
    };

    it("chooses the day's set once: two clients see the same cards and the same progress, until the day turns", async () => {
      await insert(30);
      const other = await apiClient(suite.test.store, { clock: () => now });
      try {
        const [a, b] = await Promise.all([get(), get("", other)]);
        expect(a.total).toBe(5);
        expect(ids(b)).toEqual(ids(a));
        expect(a.dia).toBe("2026-01-01");
        const [first, second] = ids(a);
        if (first === undefined || second === undefined) throw new Error("too few cards");
        await ok(first, "proximo");
        const progress = await (await answer(second, "favoritar", randomUUID(), other)).json();
        expect(progress).toMatchObject({ feitos: 2, total: 5 });
        const seen = await get("", other);
        expect(seen.feitos).toBe(2);
        expect(seen.cartoes.map((card) => card.resposta)).toEqual(["proximo", "favoritar", null, null, null]);
        expect(seen.cartoes[1]?.pensamento.favorito).toBe(true);
        // 03:00 the next morning is still the same review day (it turns at 4:00); 05:00 is a new one.
        now = noonOf(1) - 9 * 3_600_000;
        expect(ids(await get())).toEqual(ids(a));
        now = noonOf(1) - 7 * 3_600_000;
        const next = await get();
        expect(next.dia).toBe("2026-01-02");
        expect(next.feitos).toBe(0);
        expect(ids(next)).not.toEqual(ids(a));
      } finally {
        await other.app.close();
      }
    });

    it("shows each thought of a library of 200 within 60 days at 5 a day (a fixed clock over 120 days)", async () => {
      await insert(200, (i) => ({
        fonte: i < 100 ? "Um livro grande" : i < 150 ? `Livro ${i % 10}` : "",
        autoria: i < 150 ? "Autora" : `Autor ${i}`,
        favorito: i % 13 === 0,
      }));
      const lastShown = new Map<number, number>();
      let longest = 0;
      for (let day = 0; day < 120; day++) {
        now = noonOf(day);
        const set = await get();
        expect(set.total).toBe(5);
        for (const id of ids(set)) {
          longest = Math.max(longest, day - (lastShown.get(id) ?? -1));
          lastShown.set(id, day);
        }
      }
      expect(lastShown.size).toBe(200);
      for (const day of lastShown.values()) longest = Math.max(longest, 120 - day);
      expect(longest).toBeLessThanOrEqual(60);
    }, 120_000);

    it("brings a thought back about 7, 14 or 28 days after 'em_breve', 'mais_tarde' or 'bem_depois'", async () => {
      await insert(60);
      const [x, y, z] = ids(await get());
      if (x === undefined || y === undefined || z === undefined) throw new Error("too few cards");
      const back = await ok(x, "em_breve");
      expect(back.proximaEm).toBe(new Date(Date.UTC(2026, 0, 8, 7)).toISOString());
      expect((await ok(y, "mais_tarde")).proximaEm).toBe(new Date(Date.UTC(2026, 0, 15, 7)).toISOString());
      expect((await ok(z, "bem_depois")).proximaEm).toBe(new Date(Date.UTC(2026, 0, 29, 7)).toISOString());
      for (let day = 1; day < 7; day++) {
        now = noonOf(day);
        expect(ids(await get()), `day ${day}`).not.toContain(x);
      }
      now = noonOf(7);
      const seventh = await get();
      const card = seventh.cartoes.find((c) => c.pensamento.id === x);
      expect(card?.motivo).toBe("Você pediu para ver este de novo");
    });

    it("never shows a discarded thought again, and shows it again once the discard is undone", async () => {
      const all = await insert(10);
      const [x] = ids(await get());
      if (x === undefined) throw new Error("no card");
      expect((await ok(x, "descartar")).proximaEm).toBeNull();
      for (let day = 1; day <= 60; day++) {
        now = noonOf(day);
        expect(ids(await get()), `day ${day}`).not.toContain(x);
      }
      // Still on the wall.
      expect(all).toContain(x);
      expect((await suite.test.store.thoughts.get(x))?.id).toBe(x);
      const undo = await suite.api.call({ method: "DELETE", url: apiPaths.reviewDiscard(x) });
      expect(undo.statusCode).toBe(204);
      let back = false;
      for (let day = 61; day <= 64 && !back; day++) {
        now = noonOf(day);
        back = ids(await get()).includes(x);
      }
      expect(back).toBe(true);
    }, 60_000);

    it("schedules memorise cards with ts-fsrs: the same intervals as the library's own for the same answers", async () => {
      const [id] = await insert(1, () => ({
        conteudo: "Navegar é preciso, viver não é preciso",
        autoria: "Pessoa",
      }));
      if (id === undefined) throw new Error("no thought");
      const cloze = await suite.api.call({
        method: "PUT",
        url: apiPaths.reviewMemorise(id),
        payload: { modo: "lacuna", ocultas: [0, 3] },
      });
      expect(cloze.statusCode, cloze.body).toBe(200);
      const markedAt = now;
      const scheduler = fsrs({ request_retention: 0.9 });
      let card = createEmptyCard(new Date(markedAt));
      now = noonOf(1);
      const day = await get();
      expect(day.cartoes).toHaveLength(1);
      expect(day.cartoes[0]).toMatchObject({
        tipo: "memorizar",
        memorizar: { modo: "lacuna", ocultas: [0, 3] },
      });
      const grades = {
        bom: Rating.Good,
        dificil: Rating.Hard,
        de_novo: Rating.Again,
        facil: Rating.Easy,
      } as const;
      for (const resposta of ["bom", "bom", "dificil", "de_novo", "bom", "facil"] as const) {
        const result = await ok(id, resposta);
        const expected = scheduler.next(card, new Date(now), grades[resposta]);
        card = expected.card;
        expect(result.proximaEm, resposta).toBe(expected.card.due.toISOString());
        now = Math.max(now + 60_000, expected.card.due.getTime());
      }
      const log = await suite.test.store.db.selectFrom("review_log").selectAll().orderBy("id").execute();
      expect(log).toHaveLength(6);
      expect(log.every((row) => row.fsrs !== null && row.interval_days !== null)).toBe(true);
      // Unmarked, it takes no FSRS answer; a cloze must name words the thought has.
      expect((await suite.api.call({ method: "DELETE", url: apiPaths.reviewMemorise(id) })).statusCode).toBe(
        204,
      );
      const refused = await answer(id, "bom");
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/não está marcado para memorizar/);
      const past = await suite.api.call({
        method: "PUT",
        url: apiPaths.reviewMemorise(id),
        payload: { modo: "lacuna", ocultas: [7] },
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.message).toBe("ocultas aponta uma palavra que o pensamento não tem.");
    });

    it("counts an answer once per pedidoId, and answers 404 for a thought trashed or gone", async () => {
      const [x, y] = await insert(8);
      if (x === undefined || y === undefined) throw new Error("too few thoughts");
      await get();
      const pedidoId = randomUUID();
      const first = await answer(x, "favoritar", pedidoId);
      const again = await answer(x, "favoritar", pedidoId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const rows = await suite.test.store.db.selectFrom("review_log").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect((await suite.test.store.thoughts.get(x))?.favorito).toBe(true);

      await suite.test.store.thoughts.remove(y);
      for (const response of [
        await answer(y, "proximo"),
        await answer(999_999, "proximo"),
        await suite.api.call({ method: "DELETE", url: apiPaths.reviewDiscard(y) }),
        await suite.api.call({ method: "PUT", url: apiPaths.reviewMemorise(y), payload: { modo: "quem" } }),
        await suite.api.call({ method: "DELETE", url: apiPaths.reviewMemorise(999_999) }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe("not_found");
      }
      const bad = await answer(x, "talvez");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toMatch(/^resposta deve ser proximo/);
      expect((await answer(x, "proximo", "curto")).json().error.message).toMatch(/^pedidoId/);
      expect(await suite.test.store.db.selectFrom("review_log").selectAll().execute()).toHaveLength(1);
    });

    it("returns a recorded answer to its retry after the thought was unmarked or trashed, and records nothing more", async () => {
      const [x, y] = await insert(4);
      if (x === undefined || y === undefined) throw new Error("too few thoughts");
      await get();
      const marked = await suite.api.call({
        method: "PUT",
        url: apiPaths.reviewMemorise(x),
        payload: { modo: "quem" },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const memorised = randomUUID();
      const first = await answer(x, "bom", memorised);
      expect(first.statusCode, first.body).toBe(200);
      await suite.api.call({ method: "DELETE", url: apiPaths.reviewMemorise(x) });
      const again = await answer(x, "bom", memorised);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
      // A new request for that answer is refused now that the thought is not memorised.
      expect((await answer(x, "bom")).statusCode).toBe(400);

      const later = randomUUID();
      const before = await answer(y, "mais_tarde", later);
      expect(before.statusCode, before.body).toBe(200);
      await suite.test.store.thoughts.remove(y);
      const retried = await answer(y, "mais_tarde", later);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().proximaEm).toBe(before.json().proximaEm);
      expect(await suite.test.store.db.selectFrom("review_log").selectAll().execute()).toHaveLength(2);
    });

    it("records an answer sent before the review was ever opened on the day of the default settings, and stores them", async () => {
      const [x] = await insert(1);
      if (x === undefined) throw new Error("no thought");
      expect(await suite.test.store.db.selectFrom("review_settings").selectAll().execute()).toHaveLength(0);
      expect(await ok(x, "em_breve")).toMatchObject({ feitos: 0, total: 0 });
      const [logged] = await suite.test.store.db.selectFrom("review_log").select("day").execute();
      // Noon in São Paulo on 1 January 2026, the default time zone: that day.
      expect(logged?.day).toBe("2026-01-01");
      expect(await suite.test.store.db.selectFrom("review_settings").selectAll().execute()).toHaveLength(1);
      expect((await get()).dia).toBe("2026-01-01");
    });

    it("keeps the settings on the server: a partial change keeps the rest, a bad one is a 400 naming the field", async () => {
      const initial = await suite.api.call({ method: "GET", url: apiPaths.reviewSettings });
      expect(initial.json()).toMatchObject({
        porDia: 5,
        viradaHora: 4,
        fusoHorario: "America/Sao_Paulo",
        recencia: "todos",
        pesos: { etiquetas: {}, autorias: {}, fontes: {} },
      });
      const changed = await putSettings({ porDia: 7, pesos: { etiquetas: { kindle: "menos" } } });
      expect(changed.statusCode, changed.body).toBe(200);
      const more = await putSettings({
        fusoHorario: "Europe/Lisbon",
        pesos: { autorias: { Pessoa: "mais" } },
      });
      const settings = more.json() as ReviewSettings;
      expect(settings).toMatchObject({
        porDia: 7,
        viradaHora: 4,
        fusoHorario: "Europe/Lisbon",
        pesos: { etiquetas: { kindle: "menos" }, autorias: { Pessoa: "mais" }, fontes: {} },
      });
      const refused: [unknown, RegExp][] = [
        [{ porDia: 2 }, /^porDia deve ser um número inteiro de 3 a 15\./],
        [{ porDia: 16 }, /^porDia/],
        [{ porDia: "5" }, /^porDia/],
        [{ porDia: 4.5 }, /^porDia/],
        [{ viradaHora: 24 }, /^viradaHora deve ser um número inteiro de 0 a 23\./],
        [{ fusoHorario: "Marte/Base_Alfa" }, /^fusoHorario deve ser um fuso horário IANA/],
        [{ recencia: "antigos" }, /^recencia deve ser todos ou recentes\./],
        [
          { pesos: { etiquetas: { kindle: "às vezes" } } },
          /^Cada peso deve ser nunca, menos, normal ou mais\./,
        ],
        [{ pesos: { etiquetas: ["kindle"] } }, /^pesos/],
        [{ cor: "azul" }, /^Campo desconhecido/],
      ];
      for (const [body, message] of refused) {
        const response = await putSettings(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.message, JSON.stringify(body)).toMatch(message);
      }
      const after = await suite.api.call({ method: "GET", url: apiPaths.reviewSettings });
      expect(after.json()).toEqual(settings);
    });

    it("serves the Atom feed with its private token only, even with a password set; a rotated token is a 404", async () => {
      await insert(6, (i) => ({ conteudo: `Pensamento do feed <${i}> & cia` }));
      const { feedUrl } = (
        await suite.api.call({ method: "GET", url: apiPaths.reviewSettings })
      ).json() as ReviewSettings;
      expect(feedUrl).toMatch(/^\/api\/revisao\/feed\.atom\?token=[\w-]{43}$/);
      const feed = await suite.api.app.inject({ method: "GET", url: feedUrl });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
      expect(feed.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
      expect(feed.body).toContain("Revisão de 01/01/2026");
      expect(feed.body).toContain("Pensamento do feed &amp;lt;");
      const wrong = await suite.api.app.inject({ method: "GET", url: `${apiPaths.reviewFeed}?token=errado` });
      expect(wrong.statusCode).toBe(404);
      expect((await suite.api.app.inject({ method: "GET", url: apiPaths.reviewFeed })).statusCode).toBe(404);

      await suite.test.store.auth.setPassword(await hashPassword("cavalo correto bateria", { log2N: 10 }));
      expect((await suite.api.call({ method: "GET", url: apiPaths.review })).statusCode).toBe(401);
      expect((await suite.api.app.inject({ method: "GET", url: feedUrl })).statusCode).toBe(200);
      await suite.test.store.auth.removePassword();

      const rotated = await suite.api.call({ method: "POST", url: apiPaths.reviewFeedToken });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const next = rotated.json().feedUrl as string;
      expect(next).not.toBe(feedUrl);
      expect((await suite.api.app.inject({ method: "GET", url: feedUrl })).statusCode).toBe(404);
      expect((await suite.api.app.inject({ method: "GET", url: next })).statusCode).toBe(200);
    });

    it("reviews a theme alone through the wall's filter, apart from the day's set", async () => {
      await insert(40, (i) => ({
        etiquetas: i % 4 === 0 ? ["Poesia"] : ["Outra"],
        autoria: i % 4 === 0 ? "Poeta" : "Prosador",
      }));
      const day = await get();
      const themed = await get("?etiqueta=poesia");
      expect(themed.total).toBe(5);
      expect(themed.cartoes.every((card) => card.pensamento.etiquetas.includes("Poesia"))).toBe(true);
      const byAuthor = await get(`?autoria=${encodeURIComponent("poeta")}`);
      expect(byAuthor.cartoes.every((card) => card.pensamento.autoria === "Poeta")).toBe(true);
      // The theme's set is kept apart: the day's is what it was.
      expect(ids(await get())).toEqual(ids(day));
      expect(ids(await get("?etiqueta=poesia"))).toEqual(ids(themed));
    });

    it("shows one 'Neste dia, há N anos' card for a thought added on this date in an earlier year", async () => {
      await insert(20, (i) => ({ criadoEm: new Date(Date.UTC(2025, 5, 1 + i)).toISOString() }));
      await insert(1, () => ({ conteudo: "De dois anos atrás", criadoEm: "2024-01-01T15:00:00.000Z" }));
      const day = await get();
      expect(day.cartoes[0]?.pensamento.conteudo).toBe("De dois anos atrás");
      expect(day.cartoes[0]?.motivo).toBe("Há 2 anos, neste dia");
    });

    it("keeps the history and the streak, and puts the review log in the JSON export", async () => {
      await insert(30);
      for (const d of [0, 1, 2, 4, 5]) {
        now = noonOf(d);
        const [first] = ids(await get());
        if (first === undefined) throw new Error("no card");
        await ok(first, "proximo");
      }
      const history = await suite.api.call({ method: "GET", url: apiPaths.reviewHistory });
      expect(history.json()).toEqual({
        sequencia: 2,
        dias: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-06"],
      });
      expect((await get()).sequencia).toBe(2);
      now = noonOf(6);
      expect((await get()).sequencia).toBe(2);
      now = noonOf(7);
      expect((await get()).sequencia).toBe(0);
      const exported = (await suite.api.call({ method: "GET", url: apiPaths.export })).json();
      expect(exported.pensamentos).toHaveLength(30);
      expect(exported.revisoes).toHaveLength(5);
      expect(exported.revisoes[0]).toMatchObject({
        dia: "2026-01-01",
        resposta: "proximo",
        intervaloDias: null,
      });
    });

    it("answers an empty set on an empty wall, and chooses once a thought is added that day", async () => {
      const empty = await get();
      expect(empty).toMatchObject({ dia: "2026-01-01", total: 0, feitos: 0, cartoes: [] });
      await insert(2);
      expect((await get()).total).toBe(2);
    });

    it("takes the day's set at the set's size in the settings", async () => {
      await insert(30);
      expect((await putSettings({ porDia: 3 })).statusCode).toBe(200);
      expect((await get()).total).toBe(3);
      now = noonOf(1);
      expect((await putSettings({ porDia: 15 })).statusCode).toBe(200);
      expect((await get()).total).toBe(15);
    });
  });
}
