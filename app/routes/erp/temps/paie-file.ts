import { requirePermission } from "#app/features/auth/session.server.ts";
import { POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { monthPayroll, weatherStoppages } from "#app/features/time-sheets/payroll.server.ts";
import { parsePayrollMonth } from "#app/features/time-sheets/payroll.ts";
import { payrollCsv, payrollFileName } from "#app/features/time-sheets/payroll-csv.ts";
import { renderPayrollPdf } from "#app/features/time-sheets/payroll-pdf.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileDownload } from "#app/lib/download.ts";
import { inlineFile } from "#app/lib/file-response.ts";
import type { Route } from "./+types/paie-file";
import { payrollSettings } from "./payroll-settings.server.ts";

/*
 * GET /erp/temps/paie.csv?mois=AAAA-MM: the month's payroll variables, one line per
 * employee (columns in the README's « Payroll export »);
 * GET /erp/temps/paie.pdf?mois=AAAA-MM: the same month summed up in the company frame,
 * with the weather stoppages per employee. One module registered twice in app/routes.ts;
 * the extension of the path chooses. No `mois`: the previous month.
 */

export const handle = POINTAGE_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const parsed = parsePayrollMonth(url.searchParams);
  if (!parsed.ok) {
    return Response.json(
      { message: parsed.message },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const payroll = await monthPayroll(db, await payrollSettings(db), parsed.month);
  if (url.pathname.endsWith(".csv")) {
    return fileDownload(
      payrollCsv(parsed.month, payroll.rows),
      "text/csv; charset=utf-8",
      payrollFileName(parsed.month, "csv"),
    );
  }
  const pdf = await renderPayrollPdf({
    identity: await documentIdentity(db),
    creationDate: new Date(),
    payroll,
    weather: await weatherStoppages(db, parsed.month),
  });
  return inlineFile(pdf, "application/pdf", payrollFileName(parsed.month, "pdf"));
}
