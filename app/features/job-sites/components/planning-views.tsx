import { ChevronLeft, ChevronRight, KeyRound, MapPin, Phone } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { mapsHref } from "#app/lib/maps.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import type { AgendaDay, AgendaSite, Planning, PlanningSite } from "../planning.server.ts";
import {
  ASSIGNMENT_SLOT_LABELS,
  covers,
  daysOf,
  HALF_DAY_LABELS,
  HALF_DAYS,
  isWeekend,
} from "../planning.ts";

/*
 * The planning's three views: « Aujourd'hui et demain » (a card per person, what a phone
 * on a site needs: where, how to get in, whom to call), the week (who is where each
 * half-day, conflicts marked in words) and the month (which sites run when, each moved
 * by buttons).
 */

const linkClass = "text-brand-700 underline";
const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (day: IsoDay) => weekday.format(new Date(`${day}T00:00:00Z`));

function siteHref(id: string) {
  return `/erp/chantiers/${id}`;
}

function AgendaCard({ site, href }: { site: AgendaSite; href: (id: string) => string }) {
  const access = [
    site.accessCode ? `Digicode : ${site.accessCode}` : "",
    site.keys ? `Clés : ${site.keys}` : "",
  ].filter(Boolean);
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Link to={href(site.id)} className={`font-semibold ${linkClass}`}>
          {site.number}
        </Link>
        <span className="break-words">{site.title}</span>
        <span className="text-sm text-slate-700">({ASSIGNMENT_SLOT_LABELS[site.slot].toLowerCase()})</span>
      </div>
      <a
        href={mapsHref({ street: site.siteStreet, postalCode: site.sitePostalCode, city: site.siteCity })}
        className={`inline-flex min-h-11 items-center gap-2 font-semibold ${linkClass}`}
      >
        <MapPin aria-hidden="true" className="size-5 shrink-0" />
        {[site.siteStreet, [site.sitePostalCode, site.siteCity].filter(Boolean).join(" ")]
          .filter(Boolean)
          .join(", ")}
        <span className="sr-only"> (itinéraire)</span>
      </a>
      {access.length > 0 ? (
        <p className="flex items-start gap-2">
          <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-700" />
          {access.join(" · ")}
        </p>
      ) : null}
      {site.contactPhone ? (
        <a
          href={telHref(site.contactPhone)}
          className={`inline-flex min-h-11 items-center gap-2 font-semibold ${linkClass}`}
        >
          <Phone aria-hidden="true" className="size-5 shrink-0" />
          Appeler {site.contactName || "le contact sur place"} ({formatPhone(site.contactPhone)})
        </a>
      ) : null}
      {site.parking ? <p className="whitespace-pre-line">Stationnement : {site.parking}</p> : null}
      {site.constraints ? <p className="whitespace-pre-line">Contraintes : {site.constraints}</p> : null}
    </li>
  );
}

/** « Aujourd'hui » and « Demain »: each person's sites of the day (a worker's own: no name headings). */
export function AgendaView({
  days,
  today,
  href = siteHref,
  own = false,
}: {
  days: readonly AgendaDay[];
  today: IsoDay;
  /** Where a site's number leads (a worker's page of the site, or the office's). */
  href?: (id: string) => string;
  /** One person's days: « Vous n'êtes sur aucun chantier » rather than names. */
  own?: boolean;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {days.map((agenda, index) => (
        <section key={agenda.day} aria-labelledby={`jour-${agenda.day}`} className="grid content-start gap-3">
          <h2 id={`jour-${agenda.day}`} className="font-heading text-xl font-bold text-brand-900">
            {agenda.day === today ? "Aujourd'hui" : index === 1 ? "Demain" : ""}
            <span className="block text-base font-semibold text-slate-700">
              {formatDate(agenda.day, "full")}
            </span>
          </h2>
          {agenda.people.length === 0 ? (
            <p className="text-slate-700">
              {own
                ? "Aucun chantier prévu pour vous ce jour-là."
                : "Personne n'est affecté à un chantier ce jour-là."}
            </p>
          ) : own ? (
            <ul className="grid gap-2">
              {agenda.people.flatMap((person) =>
                person.sites.map((site) => (
                  <AgendaCard key={`${site.id}-${site.slot}`} site={site} href={href} />
                )),
              )}
            </ul>
          ) : (
            agenda.people.map((person) => (
              <section key={person.id} aria-label={`${person.name}, ${formatDate(agenda.day)}`}>
                <h3 className="mb-2 font-heading font-semibold text-brand-900">{person.name}</h3>
                <ul className="grid gap-2">
                  {person.sites.map((site) => (
                    <AgendaCard key={`${site.id}-${site.slot}`} site={site} href={href} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </section>
      ))}
    </div>
  );
}

/** The week: a row per person, a column per day, the morning and the afternoon in each cell. */
export function WeekView({ planning }: { planning: Planning }) {
  const days = daysOf(planning.from, planning.to);
  const sites = new Map(planning.sites.map((site) => [site.id, site]));
  const conflictCells = new Set(
    planning.conflicts.map((conflict) => `${conflict.userId}|${conflict.day}|${conflict.half}`),
  );
  const people = planning.people.filter(
    (person) => person.role !== "owner" || planning.assignments.some((a) => a.userId === person.id),
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[900px] border-collapse text-sm">
        <caption className="sr-only">Qui est sur quel chantier, demi-journée par demi-journée</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-white p-2 text-left font-heading">
              Personne
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className={`p-2 text-left font-heading capitalize ${isWeekend(day) ? "bg-slate-100" : ""}`}
              >
                {dayLabel(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => {
            const mine = planning.assignments.filter((assignment) => assignment.userId === person.id);
            return (
              <tr key={person.id} className="border-t border-slate-200">
                <th scope="row" className="sticky left-0 bg-white p-2 text-left align-top font-semibold">
                  {person.name}
                </th>
                {days.map((day) => (
                  <td key={day} className={`p-1 align-top ${isWeekend(day) ? "bg-slate-100" : ""}`}>
                    <dl className="grid gap-1">
                      {HALF_DAYS.map((half) => {
                        const here = mine.filter((assignment) => covers(assignment, day, half));
                        const conflict = conflictCells.has(`${person.id}|${day}|${half}`);
                        return (
                          <div
                            key={half}
                            className={`rounded px-1 ${conflict ? "border-2 border-red-700 bg-red-50" : ""}`}
                          >
                            <dt className="sr-only">{HALF_DAY_LABELS[half]}</dt>
                            <dd className="min-h-5">
                              {here.length === 0 ? (
                                <span className="text-slate-700">
                                  <span aria-hidden="true">·</span>
                                  <span className="sr-only">libre</span>
                                </span>
                              ) : (
                                here.map((assignment) => {
                                  const site = sites.get(assignment.jobSiteId);
                                  return (
                                    <Link
                                      key={assignment.id}
                                      to={siteHref(assignment.jobSiteId)}
                                      className={`block font-semibold ${linkClass}`}
                                      title={site ? `${site.title} (${site.siteCity})` : undefined}
                                    >
                                      {site?.number ?? "Chantier"}
                                    </Link>
                                  );
                                })
                              )}
                              {conflict ? (
                                <span className="block font-semibold text-red-800">Conflit</span>
                              ) : null}
                            </dd>
                          </div>
                        );
                      })}
                    </dl>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ShiftButtons({ site }: { site: PlanningSite }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("jobSiteId") === site.id;
  if (!site.plannedStart || !site.plannedEnd) return null;
  return (
    <div className="flex gap-1">
      {[
        { days: -1, label: "1 jour plus tôt", Icon: ChevronLeft },
        { days: 1, label: "1 jour plus tard", Icon: ChevronRight },
      ].map(({ days, label, Icon }) => (
        <Form key={days} method="post" preventScrollReset>
          <input type="hidden" name="intent" value="decaler" />
          <input type="hidden" name="jobSiteId" value={site.id} />
          <input type="hidden" name="revision" value={site.revision} />
          <input type="hidden" name="days" value={days} />
          <button
            type="submit"
            disabled={pending}
            className="inline-flex size-11 items-center justify-center rounded-md border border-slate-300 bg-white text-brand-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
          >
            <Icon aria-hidden="true" className="size-5" />
            <span className="sr-only">
              Décaler {site.number} de {label}
            </span>
          </button>
        </Form>
      ))}
    </div>
  );
}

/** The month: a row per site, its planned days filled, how many people each day. */
export function MonthView({ planning }: { planning: Planning }) {
  const days = daysOf(planning.from, planning.to);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[1100px] border-collapse text-xs">
        <caption className="sr-only">
          Chantiers du mois : jours prévus et nombre de personnes affectées chaque jour
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 min-w-56 bg-white p-2 text-left font-heading text-sm">
              Chantier
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className={`w-7 p-1 text-center font-heading ${isWeekend(day) ? "bg-slate-100" : ""}`}
              >
                <abbr title={formatDate(day, "full")} className="no-underline">
                  {Number(day.slice(8))}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {planning.sites.map((site) => {
            const team = planning.assignments.filter((assignment) => assignment.jobSiteId === site.id);
            const people = new Set(team.map((assignment) => assignment.userId)).size;
            return (
              <tr key={site.id} className="border-t border-slate-200">
                <th
                  scope="row"
                  className="sticky left-0 bg-white p-2 text-left align-top text-sm font-normal"
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="grid min-w-0">
                      <Link to={siteHref(site.id)} className={`font-semibold ${linkClass}`}>
                        {site.number}
                      </Link>
                      <span className="break-words">{site.title}</span>
                      <span className="text-slate-700">
                        {site.plannedStart && site.plannedEnd
                          ? `${formatDate(site.plannedStart, "medium")} → ${formatDate(site.plannedEnd, "medium")}`
                          : "À dater"}
                        {" · "}
                        {people === 0 ? (
                          <strong className="text-red-800">sans équipe</strong>
                        ) : (
                          `${people} personne${people > 1 ? "s" : ""}`
                        )}
                      </span>
                    </div>
                    <ShiftButtons site={site} />
                  </div>
                </th>
                {days.map((day) => {
                  const planned =
                    site.plannedStart !== null &&
                    site.plannedEnd !== null &&
                    site.plannedStart <= day &&
                    day <= site.plannedEnd;
                  const count = new Set(
                    team
                      .filter((assignment) => assignment.startDate <= day && day <= assignment.endDate)
                      .map((assignment) => assignment.userId),
                  ).size;
                  return (
                    <td
                      key={day}
                      className={`border-l border-slate-100 p-0 text-center align-middle ${
                        planned
                          ? "bg-brand-100 font-semibold text-brand-900"
                          : isWeekend(day)
                            ? "bg-slate-100"
                            : ""
                      }`}
                    >
                      {count > 0 ? count : ""}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
