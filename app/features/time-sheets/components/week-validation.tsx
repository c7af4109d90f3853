import { Lock } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { TimeLineRecord } from "#app/db/schema/time-sheets.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { hoursWords } from "../employee-schema.ts";
import { TIME_ENTRY_KIND_LABELS } from "../entries-schema.ts";

/*
 * « Valider la semaine » (the office), and the changes made to a validated week: each with
 * its day, who, when, the reason, and the day's lines before and after.
 */

export function ValidateWeek({ day, weekStart }: { day: string; weekStart: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "valider-semaine";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="valider-semaine" />
      <input type="hidden" name="jour" value={day} />
      <button type="submit" disabled={pending} className={buttonClasses("primary", "md")}>
        <Lock aria-hidden="true" className="size-4" />
        {pending ? "Validation…" : `Valider la semaine du ${formatDate(weekStart, "medium")}`}
      </button>
    </Form>
  );
}

function lineWords(line: TimeLineRecord): string {
  const what = `${TIME_ENTRY_KIND_LABELS[line.kind]}${line.site ? ` ${line.site}` : ""}`;
  const when =
    line.start && line.end
      ? `${line.start}–${line.end}${line.breakMinutes > 0 ? `, pause ${line.breakMinutes} min` : ""}`
      : hoursWords(line.minutes);
  return `${what} : ${when}${line.note ? ` (${line.note})` : ""}`;
}

function Lines({ label, lines }: { label: string; lines: readonly TimeLineRecord[] }) {
  return (
    <div>
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      {lines.length === 0 ? (
        <p className="text-sm">Aucune ligne</p>
      ) : (
        <ul className="list-disc pl-5 text-sm">
          {lines.map((line) => (
            <li key={lineWords(line)}>{lineWords(line)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export type WeekChange = {
  id: string;
  day: string;
  before: TimeLineRecord[];
  after: TimeLineRecord[];
  reason: string;
  changedAt: Date;
  changedBy: string | null;
};

export function WeekChanges({ changes }: { changes: readonly WeekChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Panel id="semaine-modifications" title="Modifications après validation">
      <ol className="grid gap-3">
        {changes.map((change) => (
          <li key={change.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <p>
              <strong>{formatDate(change.day, "full")}</strong>, modifié le {formatDateTime(change.changedAt)}
              {change.changedBy ? ` par ${change.changedBy}` : ""} : {change.reason}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Lines label="Avant" lines={change.before} />
              <Lines label="Après" lines={change.after} />
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
