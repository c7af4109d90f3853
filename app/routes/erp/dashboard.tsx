import { redirect } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { documentsToRenew } from "#app/features/documents/company-documents.server.ts";
import { DocumentsToRenewDashboard } from "#app/features/documents/components/documents-dashboard.tsx";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import { InvoicesDashboard } from "#app/features/invoices/components/invoices-dashboard.tsx";
import { invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { JobSitesDashboard } from "#app/features/job-sites/components/job-sites-dashboard.tsx";
import { jobSitesDashboard } from "#app/features/job-sites/dashboard.server.ts";
import { LatestLeads, LeadsFigures } from "#app/features/leads/components/leads-dashboard.tsx";
import { dashboard } from "#app/features/leads/dashboard.server.ts";
import { OwnerAlertsDashboard } from "#app/features/owner-alerts/components/owner-alerts-dashboard.tsx";
import { ownerAlertsDashboard } from "#app/features/owner-alerts/dashboard.server.ts";
import { SupplierInvoicesDashboard } from "#app/features/purchases/components/supplier-invoices-dashboard.tsx";
import { supplierInvoicesDue } from "#app/features/purchases/supplier-invoice-due.server.ts";
import { QuotesDashboard } from "#app/features/quotes/components/quotes-dashboard.tsx";
import { quotesDashboard } from "#app/features/quotes/dashboard.server.ts";
import { SetupChecklist } from "#app/features/settings/components/setup-checklist.tsx";
import { companySetup } from "#app/features/settings/setup.server.ts";
import { lowStockVariants } from "#app/features/shop/admin/catalogue-stock.server.ts";
import { ShopDashboard } from "#app/features/shop/admin/components/shop-dashboard.tsx";
import { shopOrdersOverview } from "#app/features/shop/admin/orders-list.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { awaitAll } from "#app/lib/await-all.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import type { Route } from "./+types/dashboard";

/*
 * /erp — the Espace Pro's home: each section's block, written by its feature, for those
 * whose role opens that section. This route only gathers the figures and lays them out.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  // A site worker's home is their sites (the office's figures are not theirs to see).
  const { user } = await requirePermission(request, context, "terrain");
  if (user.role === "compagnon") throw redirect("/erp/mes-chantiers");
  await requirePermission(request, context, handle.permission);
  const { db, env } = getServices(context);
  const now = new Date();
  // The home is open to every signed-in member; its Devis and Factures blocks only to
  // those who may see quotes and invoices (one permission, « Devis et factures »).
  const billing = hasPermission(user.role, "devis");
  // What quotes and invoices still need from the settings; each item links to its field
  // for those who may change the settings (the owners).
  const setupEditable = hasPermission(user.role, "parametres");
  // The alerts about the system itself (backups) and the last backup: the owners' only.
  const owner = user.role === "owner";
  const figures = await awaitAll({
    leads: dashboard(db, now),
    quotes: billing ? quotesDashboard(db, now) : null,
    invoices: billing ? invoicesDashboard(db, now) : null,
    shop: hasPermission(user.role, "boutique") ? shopOrdersOverview(db, now) : null,
    // The variants to reorder, for whoever manages the catalogue's stock (its links lead there).
    lowStock: hasPermission(user.role, "catalogue") ? lowStockVariants(db, env.STORE_ID) : null,
    setup: billing ? companySetup(db, setupEditable) : [],
    ownerAlerts: owner ? ownerAlertsDashboard(db, env, now) : null,
    jobSites: hasPermission(user.role, "chantiers") ? jobSitesDashboard(db, now) : null,
    // What the supplier invoices ask this week and what is late: the Achats section's (owner and staff).
    supplierInvoices: hasPermission(user.role, "achats") ? supplierInvoicesDue(db, now) : null,
    // The compliance register's documents expired or ending within 60 days (owner and staff).
    toRenew: hasPermission(user.role, "documents") ? documentsToRenew(db, parisDay(now)) : null,
  });
  return { ...figures, setupEditable };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Tableau de bord", args);

export const handle = { section: "Dashboard", permission: "session" } satisfies ErpHandle;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    leads,
    quotes,
    invoices,
    shop,
    lowStock,
    setup,
    setupEditable,
    ownerAlerts,
    jobSites,
    supplierInvoices,
    toRenew,
  } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Tableau de bord</h1>
      <SetupChecklist items={setup} editable={setupEditable} />
      {ownerAlerts ? <OwnerAlertsDashboard figures={ownerAlerts} /> : null}
      {toRenew ? <DocumentsToRenewDashboard documents={toRenew} /> : null}
      <LeadsFigures figures={leads} />
      <LatestLeads latest={leads.latest} />
      {quotes ? <QuotesDashboard figures={quotes} /> : null}
      {jobSites ? <JobSitesDashboard figures={jobSites} /> : null}
      {invoices ? <InvoicesDashboard figures={invoices} /> : null}
      {supplierInvoices ? <SupplierInvoicesDashboard figures={supplierInvoices} /> : null}
      {shop ? <ShopDashboard figures={shop} lowStock={lowStock} /> : null}
    </div>
  );
}
