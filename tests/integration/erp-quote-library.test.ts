import { count, eq } from "drizzle-orm";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteLibraryItems } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createLibraryItem, getLibraryItem } from "#app/features/quotes/library.server.ts";
import {
  LIBRARY_MESSAGES,
  type LibraryItemRefusal,
  LibraryItemSchema,
} from "#app/features/quotes/library-schema.ts";
import { LIBRARY_SEED, seedQuoteLibrary } from "#app/features/quotes/library-seed.server.ts";
import { LIBRARY_PAGE_SIZE } from "#app/features/quotes/schema.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents, formatCentsForInput, formatQuantity } from "#app/lib/money.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import * as apiRoute from "#app/routes/api/erp/quote-library.ts";
import * as itemRoute from "#app/routes/erp/devis/bibliotheque/detail.tsx";
import * as listRoute from "#app/routes/erp/devis/bibliotheque/index.tsx";
import * as newRoute from "#app/routes/erp/devis/bibliotheque/nouveau.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The quotes' price library through its routes (loaders and actions) and the quote
// editor's JSON search, on a real database. 401 without a session and 403 without the
// « devis » permission are proved for every route by tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let services: AppServices;
let staff: { cookie: string; userId: string; email: string };
let colleague: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
  staff = await signedInStaff(services, "staff", "metreur@batirade.test");
  colleague = await signedInStaff(services, "staff", "conducteur@batirade.test");
});
afterAll(async () => {
  await database.cleanup();
});

/** Calls a loader or action as a signed-in staff member. */
const call = routeCaller(() => ({ services, cookie: staff.cookie }));

type FormFields = Record<string, string>;

/** The item form as a browser posts it. */
function itemForm(fields: FormFields): URLSearchParams {
  return new URLSearchParams({
    designation: "",
    description: "",
    unit: "m²",
    unitPriceHt: "",
    vatCode: "10",
    labourHours: "",
    materials: "",
    ...fields,
  });
}

/** Creates an item through the route; returns its id. */
async function createThroughRoute(fields: FormFields): Promise<string> {
  const outcome = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", { form: itemForm(fields) });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  const location = outcome.headers.get("location") ?? "";
  expect(location).toMatch(/^\/erp\/devis\/bibliotheque\/[0-9a-f-]{36}$/);
  return location.split("/").pop() ?? "";
}

async function list(query: string) {
  const outcome = await call(listRoute.loader, `/erp/devis/bibliotheque${query}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as Awaited<ReturnType<typeof listRoute.loader>>;
}

async function article(id: string) {
  const outcome = await call(itemRoute.loader, `/erp/devis/bibliotheque/${id}`, { params: { itemId: id } });
  expect(outcome.status).toBe(200);
  return outcome.data as NonNullable<Awaited<ReturnType<typeof itemRoute.loader>>>;
}

/** Posts to an item's page (edit, archive, restore) as `who`. */
function postItem(id: string, form: FormFields | URLSearchParams, who = staff) {
  return call(itemRoute.action, `/erp/devis/bibliotheque/${id}`, {
    params: { itemId: id },
    form,
    cookie: who.cookie,
  });
}

/** The edit form as the page renders it: the stored values and the revision. */
async function editForm(id: string, changes: FormFields = {}): Promise<FormFields> {
  const { values, item } = await article(id);
  return { intent: "enregistrer", revision: String(item.revision), ...values, ...changes };
}

type ApiItem = {
  id: string;
  designation: string;
  description: string;
  unit: string;
  unitPriceHt: number;
  vatCode: string;
  labourHours: number;
  materialsCents: number;
};

async function editorSearch(q: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const outcome = await call(apiRoute.loader, `/api/erp/devis/bibliotheque.json?q=${encodeURIComponent(q)}`);
  const response = outcome.data as Response;
  return { status: outcome.status, body: await response.json(), headers: outcome.headers };
}

async function editorDesignations(q: string): Promise<string[]> {
  const { status, body } = await editorSearch(q);
  expect(status).toBe(200);
  return (body as { items: ApiItem[] }).items.map((item) => item.designation);
}

async function itemCount(): Promise<number> {
  const [row] = await services.db.select({ n: count() }).from(quoteLibraryItems);
  return Number(row?.n ?? 0);
}

describe("the demo library", () => {
  it("seeds realistic, valid items once, only into an empty library", async () => {
    expect(await seedQuoteLibrary(services.db)).toBe(LIBRARY_SEED.length);
    expect(LIBRARY_SEED.length).toBeGreaterThanOrEqual(12);
    expect(await itemCount()).toBe(LIBRARY_SEED.length);
    // A second start changes nothing.
    expect(await seedQuoteLibrary(services.db)).toBe(0);
    expect(await itemCount()).toBe(LIBRARY_SEED.length);

    // Each item is one the form itself would accept, with a margin at the default hourly cost.
    for (const item of LIBRARY_SEED) {
      const parsed = LibraryItemSchema.safeParse({
        designation: item.designation,
        description: item.description,
        unit: item.unit,
        unitPriceHt: formatCentsForInput(item.unitPriceHt),
        vatCode: item.vatCode,
        labourHours: formatQuantity(item.labourHours),
        materials: formatCentsForInput(item.materialsCents),
      });
      expect(parsed.success, item.designation).toBe(true);
    }
    const { items } = await list("");
    expect(items.every((item) => item.margin > 0)).toBe(true);
    expect(items.find((item) => /combles/i.test(item.designation))?.vatCode).toBe("5.5");
    const [seeded] = items;
    expect(seeded).toBeDefined();
    expect((await article(seeded?.id ?? "")).events.map((event) => event.summary)).toEqual([
      "Article créé (bibliothèque de démonstration)",
    ]);
  });
});

describe("create", () => {
  it("answers 400 with every field's message at once and keeps what was typed", async () => {
    const before = await itemCount();
    const typed = {
      designation: "",
      description: "Ligne 1\nLigne 2",
      unit: "pouce",
      unitPriceHt: "-12,50",
      vatCode: "7",
      labourHours: "1,2345",
      materials: "douze",
    };
    const outcome = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", { form: itemForm(typed) });
    expect(outcome.status).toBe(400);
    const answer = outcome.data as LibraryItemRefusal;
    expect(answer.fieldErrors).toEqual({
      designation: [LIBRARY_MESSAGES.designation],
      unit: [LIBRARY_MESSAGES.unit],
      unitPriceHt: [LIBRARY_MESSAGES.negative],
      vatCode: [LIBRARY_MESSAGES.vat],
      labourHours: ["Trois décimales au plus."],
      materials: ["Saisissez un montant, par exemple 1\u202f234,56."],
    });
    expect(answer.values).toEqual(typed);

    // A missing price, a designation on two lines or too long, negative hours.
    const second = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", {
      form: itemForm({ designation: "Cloison\nBA13", labourHours: "-1", unitPriceHt: "  " }),
    });
    expect(second.status).toBe(400);
    expect((second.data as LibraryItemRefusal).fieldErrors).toEqual({
      designation: [TEXT_RULE_MESSAGES.controlCharacters],
      unitPriceHt: [LIBRARY_MESSAGES.unitPrice],
      labourHours: [LIBRARY_MESSAGES.labourRange],
    });
    const third = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", {
      form: itemForm({ designation: "x".repeat(301), unitPriceHt: "10", labourHours: "une heure" }),
    });
    expect((third.data as LibraryItemRefusal).fieldErrors).toEqual({
      designation: [LIBRARY_MESSAGES.designationTooLong],
      labourHours: [LIBRARY_MESSAGES.labourFormat],
    });
    // A post with no field at all is a 400 too, never a 500.
    const empty = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", { form: {} });
    expect(empty.status).toBe(400);
    expect(await itemCount()).toBe(before);
  });

  it("creates an item in cents and thousandths, redirects with a flash, and writes the history", async () => {
    const outcome = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", {
      form: itemForm({
        designation: "  Cloison en Plâtre BA13 — modèle Vérandâ  ",
        description: "Deux plaques,\nbandes et enduit.",
        unit: "m²",
        unitPriceHt: "1 234,56 €",
        vatCode: "10",
        labourHours: "1,5",
        materials: "12,3",
      }),
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.getSetCookie().some((cookie) => cookie.startsWith("batirade.flash="))).toBe(true);
    const id = (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
    const { item, values, economics, events, hourlyCostCents } = await article(id);
    expect(item).toMatchObject({
      designation: "Cloison en Plâtre BA13 — modèle Vérandâ",
      description: "Deux plaques,\nbandes et enduit.",
      unit: "m²",
      unitPriceHt: 123456,
      vatCode: "10",
      labourHours: 1500,
      materialsCents: 1230,
      archivedAt: null,
      revision: 1,
    });
    expect(values).toMatchObject({ unitPriceHt: "1\u202f234,56", labourHours: "1,5", materials: "12,30" });
    // 1,5 h × 45,00 € + 12,30 € = 79,80 €; margin 1 154,76 €, 93,54 % of the price.
    expect(hourlyCostCents).toBe(4500);
    expect(economics).toEqual({ cost: 7980, margin: 115476, marginRate: 9354 });
    expect(events.map((event) => [event.summary, event.actor])).toEqual([
      [`Article créé : ${formatCents(123456)} HT par m², ${VAT_RATES["10"].label}`, staff.email],
    ]);
    const [row] = await services.db.select().from(quoteLibraryItems).where(eq(quoteLibraryItems.id, id));
    expect(row?.searchText).toBe("cloison en platre ba13 — modele veranda deux plaques, bandes et enduit.");
    expect(row?.createdBy).toBe(staff.userId);
  });

  it("rounds the labour cost to the cent, half away from zero, at the settings' hourly cost", async () => {
    // 0,001 h × 45,00 € = 4,5 cents → 5 cents.
    const id = await createThroughRoute({
      designation: "Arrondi main-d'oeuvre",
      unitPriceHt: "1",
      labourHours: "0,001",
    });
    expect((await article(id)).economics).toEqual({ cost: 5, margin: 95, marginRate: 9500 });
    // The route reads the hourly cost from the settings and hands it down.
    await services.db.update(companySettings).set({ hourlyCostCents: 3333 }).where(eq(companySettings.id, 1));
    try {
      // 0,001 h × 33,33 € = 3,333 cents → 3 cents.
      const { items, hourlyCostCents } = await list("?q=arrondi");
      expect(hourlyCostCents).toBe(3333);
      expect(items.map((item) => [item.cost, item.margin])).toEqual([[3, 97]]);
    } finally {
      await services.db
        .update(companySettings)
        .set({ hourlyCostCents: 4500 })
        .where(eq(companySettings.id, 1));
    }
  });
});

describe("the list", () => {
  it("searches folded words, sorts by designation or price, pages by 25, in the URL", async () => {
    const names = ["Zinguerie gouttière", "Échafaudage de pied", "Enduit de façade", "ardoise naturelle"];
    for (const [index, designation] of names.entries()) {
      await createThroughRoute({
        designation: `${designation} lotliste`,
        unitPriceHt: String((index + 1) * 10),
      });
    }
    const byName = await list("?q=LOTLISTE");
    expect(byName.items.map((item) => item.designation)).toEqual([
      "ardoise naturelle lotliste",
      "Échafaudage de pied lotliste",
      "Enduit de façade lotliste",
      "Zinguerie gouttière lotliste",
    ]);
    expect(byName.sort).toEqual({ key: "designation", direction: "asc" });
    const byPrice = await list("?q=lotliste&tri=prix&ordre=desc");
    expect(byPrice.items.map((item) => item.unitPriceHt)).toEqual([4000, 3000, 2000, 1000]);
    // Without « ordre », an amount sorts the largest first, as the column's first click does.
    const byPriceDefault = await list("?q=lotliste&tri=prix");
    expect(byPriceDefault.sort).toEqual({ key: "prix", direction: "desc" });
    expect(byPriceDefault.items.map((item) => item.unitPriceHt)).toEqual([4000, 3000, 2000, 1000]);
    expect((await list("?q=facade+lotliste")).items.map((item) => item.designation)).toEqual([
      "Enduit de façade lotliste",
    ]);
    // A LIKE wildcard is a character like any other.
    expect((await list("?q=%25")).total).toBe(0);

    for (let index = 0; index < LIBRARY_PAGE_SIZE + 1; index++) {
      await createLibraryItem(
        services.db,
        { id: staff.userId, email: staff.email },
        {
          designation: `Article paginé ${String(index).padStart(2, "0")}`,
          description: "",
          unit: "u",
          unitPriceHt: 100,
          vatCode: "20",
          labourHours: 0,
          materials: 0,
        },
      );
    }
    const first = await list("?q=pagine");
    expect(first).toMatchObject({ total: 26, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(LIBRARY_PAGE_SIZE);
    const second = await list("?q=pagine&page=2");
    expect(second.items.map((item) => item.designation)).toEqual(["Article paginé 25"]);
    // Past the last page: the last page.
    expect((await list("?q=pagine&page=9")).page).toBe(2);
  });

  it("refuses a bad query string with 400 and a French message", async () => {
    for (const query of [
      "?archives=tous",
      "?tri=couleur",
      "?ordre=haut",
      "?page=0",
      `?q=${"a".repeat(201)}`,
    ]) {
      const outcome = await call(listRoute.loader, `/erp/devis/bibliotheque${query}`);
      expect(outcome.status, query).toBe(400);
      expect((outcome.data as { message: string }).message).toMatch(/invalide|n'existe pas|trop longue/);
    }
  });
});

describe("edit", () => {
  it("saves a change with its revision, rewrites the search text and says what changed", async () => {
    const id = await createThroughRoute({
      designation: "Peinture lotedit mate",
      unitPriceHt: "24",
      labourHours: "0,3",
      materials: "3,2",
    });
    const saved = await postItem(
      id,
      await editForm(id, { designation: "Peinture lotedit velours", unitPriceHt: "26,50", vatCode: "20" }),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/erp/devis/bibliotheque/${id}`);
    const { item, events } = await article(id);
    expect(item).toMatchObject({
      designation: "Peinture lotedit velours",
      unitPriceHt: 2650,
      vatCode: "20",
      revision: 2,
    });
    expect(events[0]?.summary).toBe(
      `Article modifié : désignation, prix unitaire HT (${formatCents(2400)} → ${formatCents(2650)}), TVA (10\u00a0% → 20\u00a0%)`,
    );
    expect(await editorDesignations("lotedit velours")).toEqual(["Peinture lotedit velours"]);
    expect(await editorDesignations("lotedit mate")).toEqual([]);

    // Saving the same values writes nothing.
    const unchanged = await postItem(id, await editForm(id));
    expect(unchanged.status).toBe(303);
    expect((await article(id)).item.revision).toBe(2);
    expect((await article(id)).events).toHaveLength(2);

    // A refused edit keeps what was typed and the revision.
    const refused = await postItem(
      id,
      await editForm(id, { unitPriceHt: "abc", designation: "Peinture satinée" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      values: { unitPriceHt: "abc", designation: "Peinture satinée" },
      fieldErrors: { unitPriceHt: ["Saisissez un montant, par exemple 1\u202f234,56."] },
    });
    // Without its revision, the form is refused rather than saved blindly.
    const { revision: _, ...withoutRevision } = await editForm(id, { unitPriceHt: "30" });
    const noRevision = await postItem(id, withoutRevision);
    expect(noRevision.status).toBe(400);
    expect((noRevision.data as LibraryItemRefusal).formError).toBe(LIBRARY_MESSAGES.revision);
    expect((await article(id)).item.unitPriceHt).toBe(2650);
    // An unknown action.
    expect((await postItem(id, { intent: "supprimer" })).status).toBe(400);
  });

  it("refuses a save over an older revision with 409, keeps the typed values, then lets it through", async () => {
    const id = await createThroughRoute({ designation: "Faïence murale", unitPriceHt: "62" });
    const staleForm = await editForm(id);
    expect((await postItem(id, await editForm(id, { unitPriceHt: "65" }), colleague)).status).toBe(303);

    const stale = await postItem(id, { ...staleForm, unitPriceHt: "70", description: "Pose collée" });
    expect(stale.status).toBe(409);
    const answer = stale.data as LibraryItemRefusal;
    expect(answer.formError).toMatch(
      /^Cet article a été modifié par conducteur@batirade\.test le .+ : rien n'a été enregistré\./,
    );
    expect(answer.values).toMatchObject({ unitPriceHt: "70", description: "Pose collée" });
    expect(answer.revision).toBe(2);
    // Nothing lost: the colleague's price stands.
    expect((await getLibraryItem(services.db, id)).unitPriceHt).toBe(6500);

    // Having seen it, the staff post again over the revision the refusal gave.
    const retry = await postItem(id, { ...staleForm, unitPriceHt: "70", revision: String(answer.revision) });
    expect(retry.status).toBe(303);
    expect(await getLibraryItem(services.db, id)).toMatchObject({ unitPriceHt: 7000, revision: 3 });
  });

  it("saves one of two edits made at once and refuses the other", async () => {
    const id = await createThroughRoute({ designation: "Ragréage autolissant", unitPriceHt: "18" });
    const form = await editForm(id);
    const [a, b] = await Promise.all([
      postItem(id, { ...form, unitPriceHt: "19" }, staff),
      postItem(id, { ...form, unitPriceHt: "21" }, colleague),
    ]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const aWon = a.status === 303;
    expect(await getLibraryItem(services.db, id)).toMatchObject({
      unitPriceHt: aWon ? 1900 : 2100,
      revision: 2,
    });
    expect((await article(id)).events).toHaveLength(2);
  });
});

describe("archive and restore", () => {
  it("hides an archived item from the editor and the active list, and brings it back", async () => {
    const id = await createThroughRoute({ designation: "Enduit à la chaux lotarchive", unitPriceHt: "38" });
    expect(await editorDesignations("lotarchive")).toEqual(["Enduit à la chaux lotarchive"]);

    const archived = await postItem(id, { intent: "archiver" });
    expect(archived.status).toBe(303);
    expect((await getLibraryItem(services.db, id)).archivedAt).toBeInstanceOf(Date);
    expect(await editorDesignations("lotarchive")).toEqual([]);
    expect((await list("?q=lotarchive")).total).toBe(0);
    expect((await list("?q=lotarchive&archives=archives")).items.map((item) => item.id)).toEqual([id]);
    // Twice: nothing more happens.
    expect((await postItem(id, { intent: "archiver" })).status).toBe(303);

    // An archived item still opens, and can still be corrected.
    expect((await article(id)).item.archivedAt).not.toBeNull();

    expect((await postItem(id, { intent: "restaurer" })).status).toBe(303);
    expect(await editorDesignations("lotarchive")).toEqual(["Enduit à la chaux lotarchive"]);
    expect((await list("?q=lotarchive&archives=archives")).total).toBe(0);
    expect((await listActivity(services.db, "bibliotheque", id)).map((event) => event.kind)).toEqual([
      "restored",
      "archived",
      "created",
    ]);
    // Never deleted.
    expect(await getLibraryItem(services.db, id)).toMatchObject({ archivedAt: null });
  });
});

describe("the quote editor's search (JSON)", () => {
  it("folds accents and case, needs every word, and answers the stored integers", async () => {
    const id = await createThroughRoute({
      designation: "Plâtre projeté sur brique",
      description: "Enduit GYPSE en une passe (réf. lotjson)",
      unit: "m²",
      unitPriceHt: "31,40",
      vatCode: "10",
      labourHours: "0,45",
      materials: "4,05",
    });
    const { status, body, headers } = await editorSearch("platre lotjson");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(body).toEqual({
      items: [
        {
          id,
          designation: "Plâtre projeté sur brique",
          description: "Enduit GYPSE en une passe (réf. lotjson)",
          unit: "m²",
          unitPriceHt: 3140,
          vatCode: "10",
          labourHours: 450,
          materialsCents: 405,
        },
      ],
    });
    expect(await editorDesignations("platre")).toContain("Plâtre projeté sur brique");
    expect(await editorDesignations("PLÂTRE gypse")).toEqual(["Plâtre projeté sur brique"]);
    expect(await editorDesignations("  projet  BRIQ ")).toEqual(["Plâtre projeté sur brique"]);
    expect(await editorDesignations("platre carrelage")).toEqual([]);
    expect(await editorDesignations("_")).toEqual([]);
  });

  it("answers 20 items at most, by designation", async () => {
    for (let index = 24; index >= 0; index--) {
      await createLibraryItem(
        services.db,
        { id: staff.userId, email: staff.email },
        {
          designation: `${index === 3 ? "É" : "E"}lément lotvingt ${String(index).padStart(2, "0")}`,
          description: "",
          unit: "u",
          unitPriceHt: 100,
          vatCode: "20",
          labourHours: 0,
          materials: 0,
        },
      );
    }
    const designations = await editorDesignations("lotvingt");
    expect(designations).toHaveLength(20);
    expect(designations.slice(0, 5)).toEqual([
      "Elément lotvingt 00",
      "Elément lotvingt 01",
      "Elément lotvingt 02",
      "Élément lotvingt 03",
      "Elément lotvingt 04",
    ]);
  });

  it("refuses a query too long or with control characters: 400, JSON, in French", async () => {
    const tooLong = await editorSearch("a".repeat(101));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: "La recherche est trop longue (100 caractères au plus)." });
    expect(tooLong.headers.get("cache-control")).toBe("private, no-store");
    const control = await editorSearch("plâtre\u0000");
    expect(control.status).toBe(400);
    expect(control.body).toEqual({ message: TEXT_RULE_MESSAGES.controlCharacters });
    expect((await editorSearch("a".repeat(100))).status).toBe(200);
  });
});

describe("unknown items", () => {
  it("answers 404 for an unknown or malformed id, in the loader and the action", async () => {
    for (const itemId of ["00000000-0000-4000-8000-000000000000", "pas-un-id", "1' or '1'='1"]) {
      const page = await call(itemRoute.loader, `/erp/devis/bibliotheque/${itemId}`, { params: { itemId } });
      expect(page.status, itemId).toBe(404);
      expect(page.data).toEqual({ message: "Cet article de la bibliothèque n'existe pas." });
      const save = await postItem(itemId, {
        intent: "enregistrer",
        revision: "1",
        designation: "X",
        unit: "u",
        unitPriceHt: "1",
        vatCode: "20",
      });
      expect(save.status, itemId).toBe(404);
      expect((await postItem(itemId, { intent: "archiver" })).status, itemId).toBe(404);
    }
  });
});

/** Renders a page component with what its loader and action answered, inside a data router. */
function renderPage(
  Page: ComponentType<never>,
  props: { loaderData: unknown; actionData?: unknown },
): string {
  const Stub = createRoutesStub([
    { path: "/erp/devis/bibliotheque/*", Component: () => createElement(Page, props as never) },
  ]);
  // React separates adjacent texts with `<!-- -->`: not part of what a browser reads.
  return renderToString(createElement(Stub, { initialEntries: ["/erp/devis/bibliotheque/page"] })).replaceAll(
    "<!-- -->",
    "",
  );
}

describe("the pages", () => {
  it("render the list, the form with its internal cost and margin, and a refusal with what was typed", async () => {
    const id = await createThroughRoute({
      designation: "Chape lotrendu",
      unitPriceHt: "40",
      labourHours: "0,5",
      materials: "7,5",
    });
    const listHtml = renderPage(listRoute.default as ComponentType<never>, {
      loaderData: await list("?q=lotrendu"),
    });
    expect(listHtml).toContain("Nouvel article");
    expect(listHtml).toContain('aria-label="Devis"');
    expect(listHtml).toContain("Chape lotrendu");
    // 0,5 h × 45,00 € + 7,50 € = 30,00 €: 25 % of 40,00 €.
    expect(listHtml).toContain(formatCents(3000));
    expect(listHtml).toContain("25\u00a0%");

    const itemHtml = renderPage(itemRoute.default as ComponentType<never>, { loaderData: await article(id) });
    expect(itemHtml).toContain("interne, jamais imprimé sur un devis");
    expect(itemHtml).toContain(`${formatCents(1000)} (25\u00a0%)`);
    expect(itemHtml).toContain("Historique de l&#x27;article");
    expect(itemHtml).toContain("Archiver");

    const refused = await call(newRoute.action, "/erp/devis/bibliotheque/nouveau", {
      form: itemForm({ designation: "Chape refusée", unitPriceHt: "quarante" }),
    });
    const newHtml = renderPage(newRoute.default as ComponentType<never>, {
      loaderData: { hourlyCostCents: 4500, crumb: "" },
      actionData: refused.data,
    });
    expect(newHtml).toContain('value="Chape refusée"');
    expect(newHtml).toContain('value="quarante"');
    expect(newHtml).toContain("Saisissez un montant, par exemple 1\u202f234,56.");
    expect(newHtml).toContain('aria-invalid="true"');

    const emptyHtml = renderPage(listRoute.default as ComponentType<never>, {
      loaderData: await list("?q=introuvable"),
    });
    expect(emptyHtml).toContain("Aucun article ne correspond à cette recherche.");
  });
});
