import { CalendarRange, ChevronLeft, ChevronRight, Download, FileText } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { SubmitButton } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { TIME_SHEETS_TABS } from "#app/features/time-sheets/components/time-sheets-tabs.ts";
import { hoursWords } from "#app/features/time-sheets/employee-schema.ts";
import { TIME_ENTRY_KIND_LABELS } from "#app/features/time-sheets/entries-schema.ts";
import { monthPayroll, type PayrollRow } from "#app/features/time-sheets/payroll.server.ts";
import { ABSENCE_KINDS, parsePayrollMonth, shiftMonth } from "#app/features/time-sheets/payroll.ts";
import { payrollFileName } from "#app/features/time-sheets/payroll-csv.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatMonth } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/paie";
import { payrollSettings } from "./payroll-settings.server.ts";

/*
 * /erp/temps/paie?mois=AAAA-MM — « Variables de paie »: the month (the previous one by
 * default), its figures per employee, the weeks not validated yet, and the two files for the
 * payroll package or the accountant, served by ./paie-file.ts.
 */

export const handle = POINTAGE_HANDLE;

const PATH = "/erp/temps/paie";
const CRUMB = "Variables de paie";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const parsed = parsePayrollMonth(params);
  if (!parsed.ok) {
    return data(
      { ok: false as const, crumb: CRUMB, value: params.get("mois") ?? "", message: parsed.message },
      { status: 400 },
    );
  }
  const { month } = parsed;
  const payroll = await monthPayroll(db, await payrollSettings(db), month);
  const query = `?${new URLSearchParams({ mois: month })}`;
  return {
    ok: true as const,
    crumb: CRUMB,
    value: month,
    month,
    previous: shiftMonth(month, -1),
    next: shiftMonth(month, 1),
    rows: payroll.rows,
    unvalidatedWeeks: payroll.unvalidatedWeeks,
    files: {
      csv: { href: `/erp/temps/paie.csv${query}`, name: payrollFileName(month, "csv") },
      pdf: { href: `/erp/temps/paie.pdf${query}`, name: payrollFileName(month, "pdf") },
    },
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Variables de paie — Pointage", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const monthWords = (month: string) => formatMonth(`${month}-01`);

function absencesText(row: PayrollRow): string {
  const parts = ABSENCE_KINDS.filter((kind) => row.variables.absences[kind].minutes > 0).map(
    (kind) =>
      `${TIME_ENTRY_KIND_LABELS[kind]} ${hoursWords(row.variables.absences[kind].minutes)} (${row.variables.absences[kind].days}\u00a0j)`,
  );
  return parts.length > 0 ? parts.join(", ") : "—";
}

function zonesText(row: PayrollRow): string {
  const v = row.variables;
  const parts = ([1, 2, 3, 4, 5] as const)
    .filter((zone) => v.zoneDays[zone] > 0)
    .map((zone) => `Z${zone}\u00a0: ${v.zoneDays[zone]}\u00a0j`);
  if (v.grandDeplacementDays > 0) parts.push(`Grand déplacement\u00a0: ${v.grandDeplacementDays}\u00a0j`);
  if (v.unknownZoneDays > 0) parts.push(`Zone inconnue\u00a0: ${v.unknownZoneDays}\u00a0j`);
  return parts.length > 0 ? parts.join(", ") : "—";
}

type PayrollVariables = PayrollRow["variables"];

/** A figure of the month, right-aligned on one line: hours (« 151 h 40 ») or an amount. */
function figureColumn(key: string, header: string, text: (row: PayrollRow) => string): Column<PayrollRow> {
  return { key, header, align: "right", className: "whitespace-nowrap", cell: text };
}

const hoursColumn = (key: string, header: string, minutes: (variables: PayrollVariables) => number) =>
  figureColumn(key, header, (row) => hoursWords(minutes(row.variables)));

const amountColumn = (key: string, header: string, cents: (variables: PayrollVariables) => number) =>
  figureColumn(key, header, (row) => formatCents(cents(row.variables)));

const columns: Column<PayrollRow>[] = [
  {
    key: "name",
    header: "Salarié",
    phone: "title",
    cell: (row) => (
      <Link to={`/erp/temps/salaries/${row.employee.id}`} className="font-semibold text-brand-700 underline">
        {row.employee.name}
      </Link>
    ),
  },
  hoursColumn("worked", "Heures", (variables) => variables.workedMinutes),
  hoursColumn("hs25", "Sup. 25 %", (variables) => variables.overtime25Minutes),
  hoursColumn("hs50", "Sup. 50 %", (variables) => variables.overtime50Minutes),
  { key: "absences", header: "Absences", cell: absencesText },
  { key: "zones", header: "Jours par zone", cell: zonesText },
  { key: "meals", header: "Paniers", align: "right", cell: (row) => String(row.variables.meals) },
  amountColumn("transport", "Transport", (variables) => variables.transportCents),
  amountColumn("travel", "Trajet", (variables) => variables.travelTimeCents),
  {
    key: "status",
    header: "Statut",
    cell: (row) => (row.variables.provisional ? "Provisoire" : "Validé"),
  },
];

export default function PayrollPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === PATH;
  return (
    <div className="grid gap-5">
      <SectionTabs label="Pointage" tabs={TIME_SHEETS_TABS} />
      <PageHeader
        title="Variables de paie"
        description="Les heures, heures supplémentaires, absences, zones, paniers et intempéries du mois, par salarié, pour le logiciel de paie ou le cabinet comptable."
        actions={
          <Link to="/erp/temps" className={buttonClasses("outline", "md")}>
            Retour aux salariés
          </Link>
        }
      />

      <section aria-labelledby="paie-mois" className={panelClass}>
        <h2 id="paie-mois" className="mb-3 text-lg font-bold text-brand-900">
          Mois
        </h2>
        {loaderData.ok ? (
          <nav aria-label="Mois voisins" className="mb-4 flex flex-wrap gap-2">
            <Link to={`${PATH}?mois=${loaderData.previous}`} className={buttonClasses("ghost", "md")}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {monthWords(loaderData.previous)}
            </Link>
            <Link to={`${PATH}?mois=${loaderData.next}`} className={buttonClasses("ghost", "md")}>
              {monthWords(loaderData.next)}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </nav>
        ) : null}
        <Form method="get" key={loaderData.value} className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            id="paie-mois-champ"
            name="mois"
            label="Mois (AAAA-MM)"
            hint="Par exemple 2026-11."
            required
            inputMode="numeric"
            autoComplete="off"
            defaultValue={loaderData.value}
            errors={loaderData.ok ? undefined : [loaderData.message]}
          />
          <SubmitButton
            icon={CalendarRange}
            label="Afficher le mois"
            busyLabel="Chargement…"
            busy={loading}
            variant="secondary"
          />
        </Form>
      </section>

      {loaderData.ok ? (
        <MonthSummary loaded={loaderData} busy={loading} />
      ) : (
        <FormAlert title="Mois invalide" errors={[loaderData.message]} />
      )}
    </div>
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function MonthSummary({ loaded, busy }: { loaded: Loaded; busy: boolean }) {
  const { month, rows, unvalidatedWeeks, files } = loaded;
  return (
    <section aria-labelledby="paie-resume" aria-busy={busy} className="grid gap-4">
      <h2 id="paie-resume" className="text-lg font-bold text-brand-900">
        Variables de {monthWords(month)}
      </h2>
      {unvalidatedWeeks.length > 0 ? (
        <div
          role="note"
          className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
        >
          <p className="font-semibold">Chiffres provisoires : ces semaines ne sont pas encore validées.</p>
          <ul className="grid list-disc gap-1 pl-5">
            {unvalidatedWeeks.map((week) => (
              <li key={`${week.employeeId}-${week.monday}`}>
                {week.name} : semaine {week.key} (du {formatDate(week.monday)})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>
          <p>Aucun salarié en poste ce mois-ci.</p>
        </EmptyState>
      ) : (
        <DataTable
          caption={`Variables de paie de ${monthWords(month)}`}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.employee.id}
          pathname={PATH}
          params={{ mois: month }}
          minWidth={1000}
        />
      )}
      <p className="text-sm text-slate-700">
        Heures supplémentaires par semaine (25 % de la 36e à la 43e heure, 50 % au-delà) : une semaine à
        cheval sur deux mois les compte dans le mois de son dimanche ; les heures et absences se comptent jour
        par jour. « Zone inconnue » : la distance d'un chantier n'est pas connue, aucune indemnité de zone
        n'est comptée.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={files.csv.href} className={buttonClasses("secondary", "md")}>
          <Download aria-hidden="true" className="size-4" />
          Variables de paie (CSV)
        </a>
        <a href={files.pdf.href} className={buttonClasses("outline", "md")}>
          <FileText aria-hidden="true" className="size-4" />
          Synthèse et intempéries (PDF)
        </a>
      </div>
      <p className="text-sm text-slate-700">
        {files.csv.name} : une ligne par salarié (séparateur « ; », virgule décimale, UTF-8). {files.pdf.name}{" "}
        : la synthèse du mois et la liste des arrêts pour intempéries par salarié.
      </p>
    </section>
  );
}
