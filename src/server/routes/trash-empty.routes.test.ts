import { beforeEach, describe, expect, it } from "vitest";
import { apiSuite } from "../../../test-support/server/api-suite";
import { testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths, CSRF_COOKIE, CSRF_HEADER, type Thought, TRASH_DAYS } from "../../domain/contract";

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 10, 23, 12, 0, 0);

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`emptying the trash on ${name}`, () => {
    let now = START;
    const suite = apiSuite(name, { clock: () => now });
    beforeEach(async () => {
      now = START;
      await suite.test.store.db.deleteFrom("thoughts").execute();
      await suite.test.store.db.deleteFrom("trash").execute();
    });

    const create = async (): Promise<Thought> => {
      const response = await suite.api.call({
        method: "POST",
        url: apiPaths.thoughts,
        payload: thoughtInput(),
      });
      expect(response.statusCode).toBe(201);
      return response.json();
    };
    const trashed = async (): Promise<Thought> => {
      const thought = await create();
      expect((await suite.api.call({ method: "DELETE", url: apiPaths.thought(thought.id) })).statusCode).toBe(
        204,
      );
      return thought;
    };
    const empty = () => suite.api.call({ method: "DELETE", url: apiPaths.trash });
    const rowsInTrash = async () =>
      (await suite.test.store.db.selectFrom("trash").select("id").orderBy("id").execute()).map((r) => r.id);
    const wallIds = async () => (await suite.test.store.thoughts.all()).map((thought) => thought.id);

    it("deletes every thought in the trash for good, says how many, and leaves the wall as it was", async () => {
      const kept = await create();
      const first = await trashed();
      const second = await trashed();

      const response = await empty();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ excluidos: 2 });
      // On disk once answered: read back from the database itself.
      expect(await rowsInTrash()).toEqual([]);
      expect(await wallIds()).toEqual([kept.id]);
      for (const id of [first.id, second.id]) {
        const restore = await suite.api.call({ method: "POST", url: apiPaths.restore(id) });
        expect(restore.statusCode).toBe(404);
      }
      const list = await suite.api.call({ method: "GET", url: apiPaths.trash });
      expect(list.json()).toEqual([]);
      expect(list.headers["x-total-count"]).toBe("0");
    });

    it("answers 200 with 0 for a trash already empty", async () => {
      const response = await empty();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ excluidos: 0 });
    });

    it(`counts only what the trash still held: thoughts past their ${TRASH_DAYS} days had already gone`, async () => {
      await trashed();
      now = START + (TRASH_DAYS + 1) * DAY;
      const recent = await trashed();
      expect(await rowsInTrash()).toEqual(expect.arrayContaining([recent.id]));

      const response = await empty();
      expect(response.json()).toEqual({ excluidos: 1 });
      expect(await rowsInTrash()).toEqual([]);
    });

    it("refuses without the anti-forgery header, in JSON, and deletes nothing", async () => {
      const thought = await trashed();
      const bare = await suite.api.app.inject({ method: "DELETE", url: apiPaths.trash });
      expect(bare.statusCode).toBe(403);
      expect(bare.json().error.code).toBe("forbidden");
      const wrong = await suite.api.app.inject({
        method: "DELETE",
        url: apiPaths.trash,
        cookies: { [CSRF_COOKIE]: suite.api.token },
        headers: { [CSRF_HEADER.toLowerCase()]: `${suite.api.token}x` },
      });
      expect(wrong.statusCode).toBe(403);
      expect(await rowsInTrash()).toEqual([thought.id]);
    });
  });
}
