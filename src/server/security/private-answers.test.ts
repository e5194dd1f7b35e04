import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, apiClient } from "../../../test-support/server/api-client";
import { openTestStore, type TestStore, testDialects } from "../../../test-support/server/test-stores";
import { thoughtInput } from "../../../test-support/thought-factory";
import { apiPaths } from "../../domain/contract";

for (const { name, available } of testDialects()) {
  describe.skipIf(!available)(`the caching of answers that hold thoughts on ${name}`, () => {
    let test: TestStore;
    let api: ApiClient;
    let kept: number;

    beforeAll(async () => {
      test = await openTestStore(name);
      api = await apiClient(test.store);
      kept = (await test.store.thoughts.create(thoughtInput({ conteudo: "Fica no mural" }))).id;
      const trashed = await test.store.thoughts.create(thoughtInput({ conteudo: "Vai para a lixeira" }));
      await test.store.thoughts.remove(trashed.id, Date.now());
    });
    afterAll(async () => {
      await api?.app.close();
      await test?.cleanup();
    });

    it("marks the list, one thought, the day's, a draw and the trash private, revalidated and varying by cookie", async () => {
      for (const url of [
        apiPaths.thoughts,
        `${apiPaths.thoughts}?q=mural`,
        apiPaths.thought(kept),
        apiPaths.dayThought,
        apiPaths.randomThought,
        apiPaths.trash,
      ]) {
        const response = await api.call({ method: "GET", url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["cache-control"], url).toBe("private, no-cache");
        expect(response.headers.vary, url).toBe("Cookie");
      }
    });

    it("keeps an export out of every cache, and varies it by cookie too", async () => {
      const response = await api.call({ method: "GET", url: `${apiPaths.export}?format=csv` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers.vary).toBe("Cookie");
    });

    it("marks a missing thought the same way, so no cache keeps its absence for another visitor", async () => {
      const response = await api.call({ method: "GET", url: apiPaths.thought(kept + 1000) });
      expect(response.statusCode).toBe(404);
      expect(response.headers["cache-control"]).toBe("private, no-cache");
    });
  });
}
