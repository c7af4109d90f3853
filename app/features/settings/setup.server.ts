import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { complianceFacts } from "#app/lib/compliance.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { forMember, type Problem } from "#app/lib/problems.ts";
import { getCompanySettings } from "./settings.server.ts";
import { setupChecklist } from "./setup.ts";

/**
 * What quotes and invoices still need from the register and the settings, for the
 * dashboard: each item links to its field (the settings' for the owners only).
 */
export async function companySetup(db: Database, canEdit: boolean): Promise<Problem[]> {
  const settings = await getCompanySettings(db);
  const today = parisDay();
  const { decennale } = await complianceFacts(db, today);
  const items = setupChecklist(
    {
      ...settings,
      decennale,
      identity: {
        legalName: company.legalName,
        siret: company.siret,
        vatNumber: company.vatNumber,
        street: company.address.street,
        city: company.address.city,
      },
    },
    today,
  );
  return forMember(items, canEdit);
}
