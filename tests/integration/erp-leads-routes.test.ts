import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLead } from "#app/features/leads/detail.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import * as leadExportRoute from "#app/routes/api/erp/lead-export.ts";
import * as csvRoute from "#app/routes/api/erp/leads-export.ts";
import * as photoRoute from "#app/routes/api/erp/photo.ts";
import * as accountsRoute from "#app/routes/erp/comptes/index.tsx";
import * as leadRoute from "#app/routes/erp/leads/detail.tsx";
import * as leadsRoute from "#app/routes/erp/leads/index.tsx";
import * as leadNewRoute from "#app/routes/erp/leads/nouveau.tsx";
import * as loginRoute from "#app/routes/erp/login.tsx";
import * as logoutRoute from "#app/routes/erp/logout.tsx";
import type { TestDatabase } from "#tests/helpers/db.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { cookieHeaderFrom, openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

let database: TestDatabase;
let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let owner: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  ({ database, services, close } = await openStaffTestServices("erp-routes-"));
  staff = await signedInStaff(services, "staff", "equipe@batirade.test");
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
});
afterAll(() => close());

/** A loader's or action's arguments as the server builds them (tests/helpers/route-call.ts). */
function args(
  url: string,
  init: RequestInit & { cookie?: string; ip?: string } = {},
  params: Record<string, string> = {},
) {
  return routeArgs(services, url, { ...init, params });
}

function post(
  url: string,
  form: Record<string, string>,
  cookie?: string,
  params: Record<string, string> = {},
  ip?: string,
) {
  return routeArgs(services, url, { form, cookie, params, ip });
}

/** The status and body of what a loader or action returned or threw. */
const outcome = routeOutcome;

describe("sign-in page", () => {
  it("a wrong pair answers 401 with the spec's message; the right one redirects with the session cookie", async () => {
    const wrong = await outcome(
      loginRoute.action(
        post("/erp/login", {
          email: "equipe@batirade.test",
          password: "pas-le-bon-mot",
          redirectTo: "/erp/leads",
        }) as never,
      ),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({
      ok: false,
      reason: "invalid",
      message: "Veuillez vérifier votre email et mot de passe.",
    });
    const right = await outcome(
      loginRoute.action(
        post("/erp/login", {
          email: "equipe@batirade.test",
          password: "mot-de-passe-solide-2025",
          redirectTo: "/erp/leads",
        }) as never,
      ),
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/erp/leads");
    expect(right.headers.getSetCookie().some((c) => c.startsWith("batirade.session_token="))).toBe(true);
    // Never sent outside the Espace Pro after sign-in.
    const offsite = await outcome(
      loginRoute.action(
        post("/erp/login", {
          email: "equipe@batirade.test",
          password: "mot-de-passe-solide-2025",
          redirectTo: "https://evil.example/erp",
        }) as never,
      ),
    );
    expect(offsite.headers.get("location")).toBe("/erp");
  });

  it("refuses empty fields with 400 and too many attempts with 429, in French", async () => {
    const empty = await outcome(loginRoute.action(post("/erp/login", { email: "", password: "" }) as never));
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ message: "L'adresse e-mail est requise." });
    // Wrong passwords for one account from one address: past the free ones, the next
    // attempt comes too soon and is refused without being checked.
    const attempt = () =>
      outcome(
        loginRoute.action(
          post(
            "/erp/login",
            { email: "x@batirade.test", password: "mauvais-mdp" },
            undefined,
            {},
            "192.0.2.99",
          ) as never,
        ),
      );
    let limited = await attempt();
    for (let i = 0; i < 15 && limited.status !== 429; i++) limited = await attempt();
    expect(limited.status).toBe(429);
    expect((limited.data as { message: string }).message).toMatch(
      /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes?\.$/,
    );
  });

  it("a signed-in visitor of /erp/login goes straight to the Espace Pro", async () => {
    const result = await outcome(loginRoute.loader(args("/erp/login", { cookie: staff.cookie }) as never));
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/erp");
  });
});

describe("sign-out", () => {
  it("ends the session on the server and clears the cookies", async () => {
    const member = await signedInStaff(services, "staff");
    const result = await outcome(logoutRoute.action(post("/erp/logout", {}, member.cookie) as never));
    expect(result.status).toBe(200);
    expect(result.headers.getSetCookie().some((c) => c.startsWith("batirade.session_token=;"))).toBe(true);
    const after = await outcome(leadsRoute.loader(args("/erp/leads", { cookie: member.cookie }) as never));
    expect(after.status).toBe(401);
  });
});

describe("Prospects pages", () => {
  it("the list answers 400 with a French message on a bad filter", async () => {
    const result = await outcome(
      leadsRoute.loader(args("/erp/leads?page=0", { cookie: staff.cookie }) as never),
    );
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ message: "Le numéro de page est invalide." });
  });

  it("sorts on the server by the column named in the URL, and refuses an unknown one", async () => {
    const tag = `Tri${Date.now()}`;
    for (const nom of ["Zoé", "amandine", "Éric", "Bruno"]) {
      await insertQuoteRequest(database.db, { nom: `${nom} ${tag}` });
    }
    const names = async (query: string) => {
      const page = (await leadsRoute.loader(
        args(`/erp/leads?q=${tag}&${query}`, { cookie: staff.cookie }) as never,
      )) as Awaited<ReturnType<typeof leadsRoute.loader>>;
      return page.items.map((item) => item.nom.split(" ")[0]);
    };
    // Newest first by default (inserted in this order, one after the other).
    expect(await names("")).toEqual(["Bruno", "Éric", "amandine", "Zoé"]);
    expect(await names("tri=nom")).toEqual(["amandine", "Bruno", "Éric", "Zoé"]);
    expect(await names("tri=nom&ordre=desc")).toEqual(["Zoé", "Éric", "Bruno", "amandine"]);
    expect(await names("tri=recue&ordre=asc")).toEqual(["Zoé", "amandine", "Éric", "Bruno"]);
    const unknown = await outcome(
      leadsRoute.loader(args("/erp/leads?tri=telephone", { cookie: staff.cookie }) as never),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ message: "Ce tri n'existe pas." });
  });

  it("a status change and a note made on the lead page land in its timeline", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Timeline Test" });
    const status = await outcome(
      leadRoute.action(
        post(
          `/erp/leads/${id}`,
          { intent: "suivi", status: "devis_envoye", assigneeId: "", nextFollowUp: "", town: "" },
          staff.cookie,
          { id },
        ) as never,
      ),
    );
    expect(status.data).toEqual({ ok: true, message: "Suivi enregistré." });
    const note = await outcome(
      leadRoute.action(
        post(`/erp/leads/${id}`, { intent: "note", note: "Devis envoyé par e-mail." }, staff.cookie, {
          id,
        }) as never,
      ),
    );
    expect(note.data).toEqual({ ok: true, message: "Note ajoutée." });
    const empty = await outcome(
      leadRoute.action(
        post(`/erp/leads/${id}`, { intent: "note", note: "  " }, staff.cookie, { id }) as never,
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ message: "La note est vide." });
    const badDate = await outcome(
      leadRoute.action(
        post(
          `/erp/leads/${id}`,
          { intent: "suivi", status: "contacte", nextFollowUp: "31/12/2025" },
          staff.cookie,
          { id },
        ) as never,
      ),
    );
    expect(badDate.status).toBe(400);
    expect(badDate.data).toMatchObject({ message: "La date doit être au format AAAA-MM-JJ." });
    const page = (await leadRoute.loader(
      args(`/erp/leads/${id}`, { cookie: staff.cookie }, { id }) as never,
    )) as Awaited<ReturnType<typeof leadRoute.loader>>;
    expect(page.crumb).toBe("Timeline Test");
    expect(page.lead.events.map((e) => [e.kind, e.actorEmail])).toEqual([
      ["note", "equipe@batirade.test"],
      ["status", "equipe@batirade.test"],
    ]);
  });

  it("an unknown lead is a 404 with a French message", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const result = await outcome(
      leadRoute.loader(args(`/erp/leads/${id}`, { cookie: staff.cookie }, { id }) as never),
    );
    expect(result.status).toBe(404);
    expect(result.data).toEqual({ message: "Ce prospect n'existe pas ou a été supprimé." });
  });

  it("deleting needs the confirmation, then removes the person's data", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Suppression" });
    const unconfirmed = await outcome(
      leadRoute.action(post(`/erp/leads/${id}`, { intent: "supprimer" }, staff.cookie, { id }) as never),
    );
    expect(unconfirmed.status).toBe(400);
    const confirmed = await outcome(
      leadRoute.action(
        post(`/erp/leads/${id}`, { intent: "supprimer", confirmation: "oui" }, staff.cookie, { id }) as never,
      ),
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/erp/leads");
    // The message travels in a read-once cookie, not in the URL.
    expect(confirmed.headers.get("set-cookie")).toContain("batirade.flash=");
    await expect(getLead(database.db, id)).rejects.toThrow("n'existe pas");
  });

  it("a manual lead needs a phone or an e-mail, and lands in the list", async () => {
    const missing = await outcome(
      leadNewRoute.action(
        post(
          "/erp/leads/nouveau",
          {
            nom: "Walk In",
            type_projet: "Autre",
            message: "Passé à l'agence pour un mur.",
            source: "Visite à l'agence",
          },
          staff.cookie,
        ) as never,
      ),
    );
    expect(missing.status).toBe(400);
    expect((missing.data as { errors: Record<string, string> }).errors.telephone).toBe(
      "Indiquez au moins un téléphone ou une adresse e-mail pour recontacter la personne.",
    );
    const created = await outcome(
      leadNewRoute.action(
        post(
          "/erp/leads/nouveau",
          {
            nom: "Walk In",
            telephone: "06 11 22 33 44",
            type_projet: "Autre",
            message: "Passé à l'agence pour un mur.",
            source: "Visite à l'agence",
            town: "Toulon",
          },
          staff.cookie,
        ) as never,
      ),
    );
    expect(created.status).toBe(302);
    const list = (await leadsRoute.loader(
      args("/erp/leads?q=walk", { cookie: staff.cookie }) as never,
    )) as Awaited<ReturnType<typeof leadsRoute.loader>>;
    expect(list.items.map((i) => [i.nom, i.town, i.source])).toEqual([
      ["Walk In", "Toulon", "Visite à l'agence"],
    ]);
  });
});

describe("data endpoints", () => {
  it("the CSV export is a UTF-8 file for a French spreadsheet, following the filters", async () => {
    await insertQuoteRequest(database.db, { nom: "Export CSV Ç", type_projet: "Extension" });
    const response = (await csvRoute.loader(
      args("/api/erp/leads/export.csv?type=Extension", { cookie: staff.cookie }) as never,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="prospects-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("Export CSV Ç;");
    expect(text).not.toContain("Timeline Test");
    const bad = (await csvRoute.loader(
      args("/api/erp/leads/export.csv?du=hier", { cookie: staff.cookie }) as never,
    )) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "La date doit être au format AAAA-MM-JJ." });
  });

  it("photos: 401 without a session, full size and thumbnail for staff, 404 when unknown", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Photos" });
    const original = await jpeg(1200, 900, "#1e4e8c");
    const photo = await attachPhoto(database.db, services.storage, id, original, "pignon.jpg");
    const anonymous = await outcome(
      photoRoute.loader(args(`/api/erp/photos/${photo.id}`, {}, { id: photo.id }) as never),
    );
    expect(anonymous.status).toBe(401);
    const full = (await photoRoute.loader(
      args(`/api/erp/photos/${photo.id}`, { cookie: staff.cookie }, { id: photo.id }) as never,
    )) as Response;
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect(full.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await full.arrayBuffer()).equals(original)).toBe(true);
    const thumb = (await photoRoute.loader(
      args(
        `/api/erp/photos/${photo.id}?taille=vignette`,
        { cookie: staff.cookie },
        { id: photo.id },
      ) as never,
    )) as Response;
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBe(480);
    const unknown = (await photoRoute.loader(
      args(
        "/api/erp/photos/00000000-0000-4000-8000-000000000000",
        { cookie: staff.cookie },
        { id: "00000000-0000-4000-8000-000000000000" },
      ) as never,
    )) as Response;
    expect(unknown.status).toBe(404);
    const badSize = (await photoRoute.loader(
      args(`/api/erp/photos/${photo.id}?taille=geante`, { cookie: staff.cookie }, { id: photo.id }) as never,
    )) as Response;
    expect(badSize.status).toBe(400);
  });

  it("the JSON export downloads the person's data", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Export JSON", email: "json@example.fr" });
    const response = (await leadExportRoute.loader(
      args(`/api/erp/leads/${id}/export.json`, { cookie: staff.cookie }, { id }) as never,
    )) as Response;
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="prospect-/);
    const body = await response.json();
    expect(body.demande).toMatchObject({ nom: "Export JSON", email: "json@example.fr" });
  });
});

describe("team accounts (owners)", () => {
  it("an owner creates an account (12 characters at least) and disables it, ending its sessions", async () => {
    const short = await outcome(
      accountsRoute.action(
        post(
          "/erp/comptes",
          { intent: "creer", email: "nouveau@batirade.test", password: "court", role: "staff" },
          owner.cookie,
        ) as never,
      ),
    );
    expect(short.status).toBe(400);
    expect(short.data).toEqual({
      ok: false,
      intent: "creer",
      message: "Le mot de passe doit contenir au moins 12 caractères.",
      // Shown under the password field (app/components/forms).
      fieldErrors: { password: ["Le mot de passe doit contenir au moins 12 caractères."] },
    });
    const created = await outcome(
      accountsRoute.action(
        post(
          "/erp/comptes",
          {
            intent: "creer",
            email: "nouveau@batirade.test",
            password: "un-mot-de-passe-long",
            role: "staff",
          },
          owner.cookie,
        ) as never,
      ),
    );
    expect(created.data).toEqual({ ok: true, message: "Compte créé pour nouveau@batirade.test." });
    const login = await outcome(
      loginRoute.action(
        post(
          "/erp/login",
          { email: "nouveau@batirade.test", password: "un-mot-de-passe-long" },
          undefined,
          {},
          "192.0.2.150",
        ) as never,
      ),
    );
    const cookie = cookieHeaderFrom(login.headers.getSetCookie());
    const list = (await accountsRoute.loader(
      args("/erp/comptes", { cookie: owner.cookie }) as never,
    )) as Awaited<ReturnType<typeof accountsRoute.loader>>;
    const account = list.accounts.find((a) => a.email === "nouveau@batirade.test");
    expect(account?.activeSessions).toBe(1);
    const disabled = await outcome(
      accountsRoute.action(
        post("/erp/comptes", { intent: "desactiver", userId: account?.id ?? "" }, owner.cookie) as never,
      ),
    );
    expect(disabled.data).toEqual({ ok: true, message: "Compte désactivé ; ses sessions sont fermées." });
    expect((await outcome(leadsRoute.loader(args("/erp/leads", { cookie }) as never))).status).toBe(401);
    const self = await outcome(
      accountsRoute.action(
        post("/erp/comptes", { intent: "desactiver", userId: owner.userId }, owner.cookie) as never,
      ),
    );
    expect(self.status).toBe(409);
  });

  it("staff get 403 on the accounts page", async () => {
    expect(
      (await outcome(accountsRoute.loader(args("/erp/comptes", { cookie: staff.cookie }) as never))).status,
    ).toBe(403);
  });
});

describe("a site worker's account (compagnon)", () => {
  it("an owner creates it with the name the planning shows; a name with control characters is refused", async () => {
    const refused = await outcome(
      accountsRoute.action(
        post(
          "/erp/comptes",
          {
            intent: "creer",
            email: "lucas@batirade.test",
            password: "un-mot-de-passe-long",
            role: "compagnon",
            name: "Lucas\u0007 Martin",
          },
          owner.cookie,
        ) as never,
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { fieldErrors?: Record<string, string[]> }).fieldErrors?.name).toHaveLength(1);
    const created = await outcome(
      accountsRoute.action(
        post(
          "/erp/comptes",
          {
            intent: "creer",
            email: "lucas@batirade.test",
            password: "un-mot-de-passe-long",
            role: "compagnon",
            name: "Lucas Martin",
          },
          owner.cookie,
        ) as never,
      ),
    );
    expect(created.data).toEqual({ ok: true, message: "Compte créé pour lucas@batirade.test." });
    const page = await outcome(accountsRoute.loader(args("/erp/comptes", { cookie: owner.cookie }) as never));
    const accounts = (page.data as { accounts: { email: string; name: string; role: string }[] }).accounts;
    expect(accounts.find((account) => account.email === "lucas@batirade.test")).toMatchObject({
      name: "Lucas Martin",
      role: "compagnon",
    });
  });
});
