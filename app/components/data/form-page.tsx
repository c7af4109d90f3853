import type { ReactNode } from "react";
import { PageHeader } from "./page-header.tsx";
import { type SectionTab, SectionTabs } from "./section-tabs.tsx";

/**
 * A page of one form (a new record, a record's changes, a file to add): its section's
 * tabs when the section has them, its title and what it is for, then the form. `wide`
 * for a form with a table of lines.
 */
export function FormPage({
  section,
  title,
  description,
  wide = false,
  children,
}: {
  section?: { label: string; tabs: readonly SectionTab[] };
  title: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "grid max-w-4xl gap-5" : "grid max-w-3xl gap-5"}>
      {section ? <SectionTabs label={section.label} tabs={section.tabs} /> : null}
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}
