import { CalendarClock, UserMinus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { RecordItem, RecordList } from "#app/components/data/record-list.tsx";
import { DateField, NumberField, SelectField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormSection } from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ASSIGNMENT_SLOT_VALUES } from "#app/db/schema/job-sites.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { Assignment, ConflictNotice, TeamMember } from "../planning.server.ts";
import { ASSIGNMENT_SLOT_LABELS, HALF_DAY_LABELS } from "../planning.ts";

/*
 * « Équipe » on the site's page: who is on the site and when, the conflicts of its
 * people with other sites, putting someone on the site, and « Décaler le chantier »
 * (its dates and its team move together, by buttons: no dragging needed).
 */

function period(assignment: Assignment) {
  return assignment.startDate === assignment.endDate
    ? `le ${formatDate(assignment.startDate)}`
    : `du ${formatDate(assignment.startDate)} au ${formatDate(assignment.endDate)}`;
}

function RemoveAssignment({ assignment }: { assignment: Assignment }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("assignmentId") === assignment.id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="retirer-affectation" />
      <input type="hidden" name="assignmentId" value={assignment.id} />
      <button type="submit" disabled={pending} className={buttonClasses("ghost", "md")}>
        <UserMinus aria-hidden="true" className="size-4" />
        {pending ? "Retrait…" : "Retirer"}
        <span className="sr-only">
          {" "}
          {assignment.userName} {period(assignment)}
        </span>
      </button>
    </Form>
  );
}

const SHIFTS = [
  { days: -1, label: "1 jour plus tôt" },
  { days: 1, label: "1 jour plus tard" },
  { days: 7, label: "1 semaine plus tard" },
] as const;

function ShiftSite({
  revision,
  errors,
  values,
}: {
  revision: number;
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "decaler";
  return (
    <FormSection legend="Décaler le chantier">
      <p className="text-sm text-slate-700">Les dates prévues et toute l'équipe bougent ensemble.</p>
      <div className="flex flex-wrap gap-2">
        {SHIFTS.map((shift) => (
          <Form key={shift.days} method="post">
            <input type="hidden" name="intent" value="decaler" />
            <input type="hidden" name="revision" value={revision} />
            <input type="hidden" name="days" value={shift.days} />
            <button type="submit" disabled={pending} className={buttonClasses("outline", "md")}>
              <CalendarClock aria-hidden="true" className="size-4" />
              {shift.label}
            </button>
          </Form>
        ))}
      </div>
      <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="decaler" />
        <input type="hidden" name="revision" value={revision} />
        <NumberField
          id="decalage-jours"
          name="days"
          label="Décaler de (jours)"
          hint="Négatif pour avancer le chantier."
          step={1}
          min={-365}
          max={365}
          inputMode="numeric"
          defaultValue={values?.days}
          errors={errors?.days}
        />
        <button type="submit" disabled={pending} className={buttonClasses("secondary", "md")}>
          {pending ? "Décalage…" : "Décaler"}
        </button>
      </Form>
    </FormSection>
  );
}

export function SiteTeam({
  assignments,
  conflicts,
  people,
  defaults,
  revision,
  canShift,
  errors,
  values,
  refusedIntent,
}: {
  assignments: readonly Assignment[];
  conflicts: readonly ConflictNotice[];
  people: readonly TeamMember[];
  /** The form's first and last day: the site's planned dates, or today. */
  defaults: { startDate: string; endDate: string };
  revision: number;
  /** Planned dates set and the site not closed. */
  canShift: boolean;
  errors?: FieldErrors;
  values?: Record<string, string>;
  refusedIntent?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "affecter";
  const conflicted = new Set(conflicts.flatMap((conflict) => conflict.assignmentIds));
  const assignErrors = refusedIntent === "affecter" ? errors : undefined;
  const assignValues = refusedIntent === "affecter" ? values : undefined;
  return (
    <div className="grid gap-4">
      {conflicts.length > 0 ? (
        <div role="note" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">
            {conflicts.length > 1
              ? `${conflicts.length} demi-journées en conflit avec d'autres chantiers :`
              : "Une demi-journée en conflit avec un autre chantier :"}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {conflicts.slice(0, 10).map((conflict) => (
              <li key={`${conflict.userId}-${conflict.day}-${conflict.half}`}>
                {conflict.userName} : {conflict.siteNumbers.join(" et ")} le {formatDate(conflict.day)} (
                {HALF_DAY_LABELS[conflict.half].toLowerCase()})
              </li>
            ))}
          </ul>
          {conflicts.length > 10 ? <p>… et {conflicts.length - 10} autres.</p> : null}
          <Link to="/erp/chantiers/planning?vue=semaine" className="font-semibold underline">
            Voir le planning
          </Link>
        </div>
      ) : null}
      {assignments.length === 0 ? (
        <p className="font-semibold text-brand-900">Personne n'est encore affecté à ce chantier.</p>
      ) : (
        <RecordList label="Équipe du chantier">
          {assignments.map((assignment) => (
            <RecordItem
              key={assignment.id}
              name={assignment.userName}
              aside={<RemoveAssignment assignment={assignment} />}
            >
              <span className="text-sm text-slate-700">
                {period(assignment)} · {ASSIGNMENT_SLOT_LABELS[assignment.slot].toLowerCase()}
              </span>
              {conflicted.has(assignment.id) ? (
                <span className="text-sm font-semibold text-red-800">Conflit avec un autre chantier</span>
              ) : null}
            </RecordItem>
          ))}
        </RecordList>
      )}
      <Form method="post" noValidate aria-label="Affecter une personne">
        <input type="hidden" name="intent" value="affecter" />
        <FormSection legend="Affecter une personne">
          {people.length === 0 ? (
            <p className="text-slate-700">
              Aucun compte actif dans l'équipe : créez-en un sous « Comptes de l'équipe ».
            </p>
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  id="affectation-personne"
                  name="userId"
                  label="Personne"
                  required
                  defaultValue={assignValues?.userId ?? ""}
                  errors={assignErrors?.userId}
                  options={[
                    { value: "", label: "Choisir…" },
                    ...people.map((person) => ({ value: person.id, label: person.name })),
                  ]}
                />
                <SelectField
                  id="affectation-creneau"
                  name="slot"
                  label="Créneau"
                  defaultValue={assignValues?.slot ?? "journee"}
                  errors={assignErrors?.slot}
                  options={ASSIGNMENT_SLOT_VALUES.map((slot) => ({
                    value: slot,
                    label: ASSIGNMENT_SLOT_LABELS[slot],
                  }))}
                />
                <DateField
                  id="affectation-debut"
                  name="startDate"
                  label="Premier jour"
                  required
                  defaultValue={assignValues?.startDate ?? defaults.startDate}
                  errors={assignErrors?.startDate}
                />
                <DateField
                  id="affectation-fin"
                  name="endDate"
                  label="Dernier jour"
                  required
                  defaultValue={assignValues?.endDate ?? defaults.endDate}
                  errors={assignErrors?.endDate}
                />
              </div>
              <div>
                <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
                  {saving ? "Enregistrement…" : "Affecter"}
                </button>
              </div>
            </>
          )}
        </FormSection>
      </Form>
      {canShift ? (
        <ShiftSite
          revision={revision}
          errors={refusedIntent === "decaler" ? errors : undefined}
          values={refusedIntent === "decaler" ? values : undefined}
        />
      ) : null}
    </div>
  );
}
