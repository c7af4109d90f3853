import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faqSeed } from "#app/content/faq-seed.ts";
import { faq } from "#app/db/schema/site.ts";
import { seedFaq } from "#app/features/faq/seed.server.ts";
import { loader } from "#app/routes/site/faq.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext, testServices } from "#tests/helpers/services.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

function callLoader() {
  const request = new Request("http://localhost/faq");
  return loader({
    request,
    params: {},
    context: routerContext(testServices(database)),
    unstable_pattern: "/faq",
  } as never);
}

describe("FAQ loader", () => {
  it("answers an empty list before any seed", async () => {
    const data = await callLoader();
    expect(data).toEqual({ status: "loaded", questions: [] });
  });

  it("reads every seeded question ordered by id ascending, and seeding twice changes nothing", async () => {
    await seedFaq(database.db);
    await seedFaq(database.db);
    const data = await callLoader();
    expect(data.status).toBe("loaded");
    expect(data.questions).toHaveLength(faqSeed.length);
    expect(faqSeed.length).toBeGreaterThanOrEqual(8);
    expect(data.questions.map((q) => q.question)).toEqual(faqSeed.map((q) => q.question));
    const ids = data.questions.map((q) => q.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("keeps id order even when rows were inserted out of order", async () => {
    await database.db.insert(faq).values({ question: "Question ajoutée ensuite ?", answer: "Oui." });
    const data = await callLoader();
    expect(data.questions.at(-1)?.question).toBe("Question ajoutée ensuite ?");
    const ids = data.questions.map((q) => q.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("reports the error state when the database cannot answer", async () => {
    const broken = await createTestDatabase();
    await broken.cleanup();
    const request = new Request("http://localhost/faq");
    const data = await loader({
      request,
      params: {},
      context: routerContext(testServices(broken)),
      unstable_pattern: "/faq",
    } as never);
    expect(data).toEqual({ status: "error", questions: [] });
  });
});
