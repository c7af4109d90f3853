import { requirePermission } from "#app/features/auth/session.server.ts";
import { POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { findEmployee, TimeSheetError } from "#app/features/time-sheets/entries.server.ts";
import {
  renderTimeStatementPdf,
  STATEMENT_MESSAGES,
  statementPeriodProblem,
} from "#app/features/time-sheets/statement-pdf.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile } from "#app/lib/file-response.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import type { Route } from "./+types/releve";

export const handle = POINTAGE_HANDLE;

const refused = (message: string) =>
  new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /erp/temps/salaries/:id/releve.pdf?du=&au=: the record of an employee's hours over a
 * period (a year at most), for an inspection: every day, every week's total and
 * validation, every change made after a validation.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const query = new URL(request.url).searchParams;
  const from = query.get("du") ?? "";
  const to = query.get("au") ?? "";
  if (isoDayProblem(from) !== null || isoDayProblem(to) !== null) return refused(STATEMENT_MESSAGES.period);
  const problem = statementPeriodProblem(from, to);
  if (problem) return refused(problem);
  const { db } = getServices(context);
  try {
    const employee = await findEmployee(db, params.id);
    const pdf = await renderTimeStatementPdf(db, await documentIdentity(db), employee, from, to);
    return inlineFile(
      pdf,
      "application/pdf",
      `releve-heures-${employee.lastName.toLowerCase()}-${from}-${to}.pdf`,
    );
  } catch (error) {
    if (error instanceof TimeSheetError) return fileNotFound(error.message);
    throw error;
  }
}
