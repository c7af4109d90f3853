import type { Database } from "#app/db/client.server.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import type { Actor } from "./query.server.ts";
import type { ManualLead } from "./schema.ts";
import { event } from "./timeline.server.ts";

/** Records a lead taken by phone or at the office; returns its id. */
export async function createManualLead(db: Database, actor: Actor, lead: ManualLead): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(erpSubmissions)
      .values({
        module: "manuel",
        data: {
          nom: lead.nom,
          email: lead.email,
          telephone: lead.telephone,
          type_projet: lead.type_projet,
          budget: lead.budget,
          message: lead.message,
          source: lead.source,
        },
      })
      .returning({ id: erpSubmissions.id });
    if (!row) throw new Error("insertion du prospect impossible");
    await tx.insert(erpLeads).values({ submissionId: row.id, town: lead.town || null });
    await recordActivity(tx, event(row.id, actor, "created", { to: lead.source }));
    return row.id;
  });
}
