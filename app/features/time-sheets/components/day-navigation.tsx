import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link } from "react-router";
import { DateField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { addDays } from "#app/lib/paris-time.ts";

/** « Veille », « Lendemain » (not past today when `today` bounds it) and any other day, by links and a GET form. */
export function DayNavigation({
  day,
  today,
  href,
}: {
  day: string;
  /** The last day offered; null: no limit (the office enters days to come, leave for one). */
  today: string | null;
  href: (day: string) => string;
}) {
  return (
    <nav aria-label="Changer de jour" className="flex flex-wrap items-end gap-2">
      <Link to={href(addDays(day, -1))} className={buttonClasses("secondary", "md")}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Veille
      </Link>
      {today === null || day < today ? (
        <Link to={href(addDays(day, 1))} className={buttonClasses("secondary", "md")}>
          Lendemain
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
      <Form method="get" className="flex items-end gap-2">
        <DateField
          id="choix-jour"
          name="jour"
          label="Autre jour"
          defaultValue={day}
          max={today ?? undefined}
        />
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Afficher
        </button>
      </Form>
    </nav>
  );
}
