import { and, asc, count, desc, eq, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { type EmployeeRow, employees } from "#app/db/schema/time-sheets.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { type GeocodeResult, type GeocodingConfig, geocodeAddress } from "#app/lib/geocoding.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { escapeLike, foldedWords, foldText } from "#app/lib/search-text.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  EMPLOYEE_FIELD_NAMES,
  EMPLOYEE_MESSAGES,
  EMPLOYEES_PAGE_SIZE,
  type EmployeeData,
  type EmployeeFilters,
  employeeSort,
} from "./employee-schema.ts";

/*
 * The register of employees (Pointage › Salariés): list, record, creation and changes,
 * each change written to the employee's history. The loaded hourly cost is the owner's:
 * a staff member's save leaves it as stored (`keepCost`).
 */

export type Actor = { id: string; email: string };

export class EmployeeNotFoundError extends Error {
  override name = "EmployeeNotFoundError";
  constructor() {
    super(EMPLOYEE_MESSAGES.notFound);
  }
}

/** A refusal about one field of the form (the account to link), or the whole record (`stale`). */
export class EmployeeFieldError extends Error {
  override name = "EmployeeFieldError";
  readonly field: string;
  readonly status: 400 | 409;
  constructor(field: string, message: string, status: 400 | 409 = 400) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

const searchTextOf = (data: Pick<EmployeeData, "lastName" | "firstName" | "qualification">) =>
  foldText(`${data.lastName} ${data.firstName} ${data.qualification}`);

export type EmployeeListItem = Pick<
  EmployeeRow,
  | "id"
  | "lastName"
  | "firstName"
  | "qualification"
  | "coefficient"
  | "contractKind"
  | "weeklyMinutes"
  | "hireDate"
  | "leaveDate"
> & { accountName: string | null };

export type EmployeePage = {
  items: EmployeeListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Whether anyone is in the register: an empty default list then says « none in post ». */
  anyEmployee: boolean;
};

function conditions(filters: EmployeeFilters, today: string): SQL[] {
  const where: SQL[] = [];
  for (const word of foldedWords(filters.q ?? "")) {
    where.push(sql`${employees.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const left = and(isNotNull(employees.leaveDate), sql`${employees.leaveDate} < ${today}`);
  const status = filters.statut ?? "actifs";
  if (status === "actifs")
    where.push(or(isNull(employees.leaveDate), sql`${employees.leaveDate} >= ${today}`) as SQL);
  else if (status === "sortis" && left) where.push(left);
  return where;
}

/** One page of the register, those in post by default, by name. */
export async function listEmployees(
  db: Database,
  filters: EmployeeFilters,
  now = new Date(),
): Promise<EmployeePage> {
  const where = and(...conditions(filters, parisDay(now)));
  const [totalRow] = await db.select({ n: count() }).from(employees).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, EMPLOYEES_PAGE_SIZE);
  let anyEmployee = total > 0;
  if (!anyEmployee) anyEmployee = (await db.select({ id: employees.id }).from(employees).limit(1)).length > 0;
  const sort = employeeSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "embauche"
      ? [direction(employees.hireDate), asc(employees.lastName), asc(employees.id)]
      : [
          direction(sortableText(employees.lastName)),
          direction(sortableText(employees.firstName)),
          direction(employees.id),
        ];
  const items = await db
    .select({
      id: employees.id,
      lastName: employees.lastName,
      firstName: employees.firstName,
      qualification: employees.qualification,
      coefficient: employees.coefficient,
      contractKind: employees.contractKind,
      weeklyMinutes: employees.weeklyMinutes,
      hireDate: employees.hireDate,
      leaveDate: employees.leaveDate,
      accountName: authUsers.name,
    })
    .from(employees)
    .leftJoin(authUsers, eq(authUsers.id, employees.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount, anyEmployee };
}

export type EmployeeDetail = EmployeeRow & { account: { name: string; email: string } | null };

export async function getEmployee(db: DbExecutor, id: string): Promise<EmployeeDetail> {
  if (!isUuid(id)) throw new EmployeeNotFoundError();
  const [row] = await db
    .select({ employee: employees, accountName: authUsers.name, accountEmail: authUsers.email })
    .from(employees)
    .leftJoin(authUsers, eq(authUsers.id, employees.userId))
    .where(eq(employees.id, id));
  if (!row) throw new EmployeeNotFoundError();
  return {
    ...row.employee,
    account:
      row.accountName !== null && row.accountEmail !== null
        ? { name: row.accountName, email: row.accountEmail }
        : null,
  };
}

/** The site workers' accounts an employee may be linked to: not disabled, not linked to another employee. */
export async function linkableAccounts(
  db: DbExecutor,
  employeeId: string | null,
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
    .from(authUsers)
    .leftJoin(employees, eq(employees.userId, authUsers.id))
    .where(
      and(
        eq(authUsers.role, "compagnon"),
        eq(authUsers.disabled, false),
        employeeId === null ? isNull(employees.id) : or(isNull(employees.id), eq(employees.id, employeeId)),
      ),
    )
    .orderBy(asc(authUsers.name), asc(authUsers.id));
}

/** The account to link: a site worker's, enabled, and no other employee's. */
async function checkAccount(tx: DbExecutor, userId: string | null, employeeId: string | null) {
  if (userId === null) return;
  const [account] = await tx
    .select({ role: authUsers.role, disabled: authUsers.disabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  if (account?.role !== "compagnon" || account.disabled) {
    throw new EmployeeFieldError("userId", EMPLOYEE_MESSAGES.account);
  }
  const [taken] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), employeeId === null ? undefined : ne(employees.id, employeeId)));
  if (taken) throw new EmployeeFieldError("userId", EMPLOYEE_MESSAGES.accountTaken, 409);
}

export async function createEmployee(
  db: Database,
  actor: Actor,
  data: EmployeeData,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await checkAccount(tx, data.userId, null);
    const [created] = await tx
      .insert(employees)
      .values({ ...data, searchText: searchTextOf(data), createdBy: actor.id })
      .returning({ id: employees.id });
    if (!created) throw new Error("Salarié non enregistré.");
    await recordActivities(tx, [
      {
        subjectType: "salarie",
        subjectId: created.id,
        kind: "created",
        summary: `Fiche créée : ${data.lastName} ${data.firstName}`,
        actor,
      },
    ]);
    return created;
  });
}

/**
 * Saves the form over the stored record at `revision` (a later save by someone else:
 * 409). `keepCost`: a staff member's save, which never changes the loaded hourly cost.
 */
export async function updateEmployee(
  db: Database,
  actor: Actor,
  id: string,
  revision: number,
  data: EmployeeData,
  { keepCost }: { keepCost: boolean },
): Promise<void> {
  if (!isUuid(id)) throw new EmployeeNotFoundError();
  await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(employees).where(eq(employees.id, id)).for("update");
    if (!stored) throw new EmployeeNotFoundError();
    if (stored.revision !== revision) throw new EmployeeFieldError("revision", EMPLOYEE_MESSAGES.stale, 409);
    await checkAccount(tx, data.userId, id);
    const next = keepCost ? { ...data, loadedHourlyCostCents: stored.loadedHourlyCostCents } : data;
    const changed = (Object.keys(EMPLOYEE_FIELD_NAMES) as (keyof EmployeeData)[]).filter(
      (field) => (stored[field] ?? null) !== (next[field] ?? null),
    );
    if (changed.length === 0) return;
    await tx
      .update(employees)
      .set({ ...next, searchText: searchTextOf(next), revision: stored.revision + 1, updatedAt: new Date() })
      .where(eq(employees.id, id));
    await recordActivities(tx, [
      {
        subjectType: "salarie",
        subjectId: id,
        kind: "updated",
        summary: `Fiche modifiée : ${changed.map((field) => EMPLOYEE_FIELD_NAMES[field]).join(", ")}`,
        actor,
      },
    ]);
  });
}

/**
 * Places an employee's home through the State's geocoding service (outside any transaction:
 * never hold one open on a network call), for the travel zones measured from home. Writes
 * only if the address is still the one looked up; an address it cannot place, or a service
 * down, leaves no position (the day's zone is then « inconnue », never guessed).
 */
export async function geocodeEmployeeHome(
  db: DbExecutor,
  geocoding: GeocodingConfig,
  employeeId: string,
): Promise<GeocodeResult | null> {
  const [home] = await db
    .select({ street: employees.homeStreet, postalCode: employees.homePostalCode, city: employees.homeCity })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!home) return null;
  const found = home.city || home.postalCode ? await geocodeAddress(geocoding, home) : null;
  await db
    .update(employees)
    .set({ homeLatitude: found?.ok ? found.lat : null, homeLongitude: found?.ok ? found.lon : null })
    .where(
      and(
        eq(employees.id, employeeId),
        eq(employees.homeStreet, home.street),
        eq(employees.homePostalCode, home.postalCode),
        eq(employees.homeCity, home.city),
      ),
    );
  return found;
}
