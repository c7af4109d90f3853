import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { forMember, type Problem } from "#app/lib/problems.ts";
import { getCompanySettings } from "./settings.server.ts";
import { setupChecklist } from "./setup.ts";

/**
 * What quotes and invoices still need from the settings, for the dashboard: each item
 * links to its field for those who may change the settings (the owners).
 */
export async function companySetup(db: Database, canEdit: boolean): Promise<Problem[]> {
  const settings = await getCompanySettings(db);
  const items = setupChecklist(
    {
      ...settings,
      identity: {
        legalName: company.legalName,
        siret: company.siret,
        vatNumber: company.vatNumber,
        street: company.address.street,
        city: company.address.city,
      },
    },
    parisDay(),
  );
  return forMember(items, canEdit);
}
