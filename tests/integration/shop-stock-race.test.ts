import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrderItems, shopOrders, shopVariants } from "#app/db/schema/shop.ts";
import { closeUnpaidOrder } from "#app/features/shop/orders.server.ts";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { testServices } from "#tests/helpers/services.ts";
import { checkoutBody, postCheckout } from "#tests/helpers/shop.ts";

// Buyers racing for the last units: the store never sells more than it has and the
// stock never goes below zero (PGlite here; PostgreSQL with TEST_DATABASE_URL).

let database: TestDatabase;
let services: ReturnType<typeof testServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  await seedDemoContent(database.db);
});
afterAll(async () => {
  await database.cleanup();
});

async function setStock(variantId: string, quantity: number) {
  await database.db
    .update(shopVariants)
    .set({ inventoryQuantity: quantity })
    .where(eq(shopVariants.id, variantId));
}

async function stockOf(variantId: string) {
  const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return row?.inventoryQuantity;
}

async function ordersOf(variantId: string) {
  const items = await database.db
    .select()
    .from(shopOrderItems)
    .where(eq(shopOrderItems.variantId, variantId));
  if (items.length === 0) return [];
  return database.db
    .select()
    .from(shopOrders)
    .where(
      inArray(
        shopOrders.id,
        items.map((item) => item.orderId),
      ),
    );
}

describe("stock race", () => {
  it("50 concurrent checkouts for 5 units: exactly 5 orders, stock 0", async () => {
    const variantId = "brouette-100l--standard";
    await setStock(variantId, 5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, buyer) =>
        postCheckout(
          services,
          checkoutBody([{ variant_id: variantId, quantity: 1 }], {
            customer: {
              name: `Acheteur ${buyer}`,
              email: `acheteur${buyer}@example.fr`,
              phone: "0612345678",
            },
          }),
        ),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) expect(answer.body.error?.message).toBe("Stock insuffisant. 0 restant(s).");
    expect(await stockOf(variantId)).toBe(0);
    expect(await ordersOf(variantId)).toHaveLength(5);
  });

  it("buyers of several units each never drive the stock below zero", async () => {
    const variantId = "chaussures-securite-s3--basses";
    await setStock(variantId, 5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postCheckout(services, checkoutBody([{ variant_id: variantId, quantity: 2 }])),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(await stockOf(variantId)).toBe(1);
    const orders = await ordersOf(variantId);
    expect(orders).toHaveLength(2);
  });

  it("a cancelled order gives its units back, once", async () => {
    const variantId = "casque-chantier--bleu";
    await setStock(variantId, 3);
    const answer = await postCheckout(services, checkoutBody([{ variant_id: variantId, quantity: 3 }]));
    expect(answer.status).toBe(200);
    expect(await stockOf(variantId)).toBe(0);
    const [order] = await ordersOf(variantId);
    const first = await database.db.transaction((tx) => closeUnpaidOrder(tx, order?.id ?? "", "cancelled"));
    const second = await database.db.transaction((tx) => closeUnpaidOrder(tx, order?.id ?? "", "expired"));
    expect([first, second]).toEqual([true, false]);
    expect(await stockOf(variantId)).toBe(3);
    const [closed] = await ordersOf(variantId);
    expect(closed?.status).toBe("cancelled");
  });

  it("the database itself refuses a negative stock", async () => {
    await expect(
      database.db
        .update(shopVariants)
        .set({ inventoryQuantity: -1 })
        .where(eq(shopVariants.id, "casque-chantier--bleu")),
    ).rejects.toThrow();
  });
});
