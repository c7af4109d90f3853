import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import type { GeocodingConfig } from "#app/lib/geocoding.server.ts";
import type { Role } from "#app/lib/permissions.ts";
import { z } from "#app/lib/zod.ts";
import { EmployeeSchema, HOME_NOT_PLACED } from "./employee-schema.ts";
import {
  type Actor,
  createEmployee,
  EmployeeFieldError,
  EmployeeNotFoundError,
  geocodeEmployeeHome,
  updateEmployee,
} from "./employees.server.ts";

/*
 * The employee form's post, created or edited: parsed by the schema (every field's
 * message, what was typed kept), then saved; the feature's errors become the refusal.
 * The loaded hourly cost is the owner's: a staff member's post never sets it.
 */

export type EmployeeActionContext = {
  request: Request;
  db: Database;
  /** The State's geocoding service: the home is placed after the save. */
  geocoding: GeocodingConfig;
  actor: Actor;
  role: Role;
};

const EditSchema = z.object({
  intent: z.literal("modifier"),
  revision: z.coerce.number().int().positive(),
});

/** « Nouveau salarié » (`employeeId` null) or « Modifier »: the redirect to the record, or the refusal. */
export async function answerEmployeeForm(
  context: EmployeeActionContext,
  employeeId: string | null,
  form: FormData,
) {
  const { request, db, actor, role, geocoding } = context;
  const { intent, revision: _revision, ...values } = formValues(form);
  const owner = role === "owner";
  const posted = owner ? values : { ...values, loadedHourlyCost: "" };
  const parsed = EmployeeSchema.safeParse(posted);
  if (!parsed.success) return invalid(intent, parsed, { values });
  try {
    let id = employeeId;
    if (id === null) {
      if (intent !== "creer") return refused(400, { message: "Action inconnue." });
      id = (await createEmployee(db, actor, parsed.data)).id;
    } else {
      const edit = EditSchema.safeParse({ intent, revision: form.get("revision") });
      if (!edit.success) return refused(400, { message: "Action inconnue." });
      await updateEmployee(db, actor, id, edit.data.revision, parsed.data, { keepCost: !owner });
    }
    const home = await geocodeEmployeeHome(db, geocoding, id);
    const saved = employeeId === null ? "Salarié ajouté au registre." : "Fiche du salarié enregistrée.";
    return redirectWithFlash(request, `/erp/temps/salaries/${id}`, {
      tone: "success",
      message: home && !home.ok ? `${saved} ${HOME_NOT_PLACED}` : saved,
    });
  } catch (error) {
    if (error instanceof EmployeeFieldError) {
      // A stale revision is said on top of the form, at no field.
      const field = error.field === "revision" ? null : error.field;
      return refusedAt(error.status, intent, { message: error.message, field }, values);
    }
    if (error instanceof EmployeeNotFoundError) return refused(404, { intent, message: error.message });
    throw error;
  }
}
