import type { SectionTab } from "#app/components/data/section-tabs.tsx";

/** The Chantiers section's tabs: the list and the planning. */
export const JOB_SITES_TABS: readonly SectionTab[] = [
  { label: "Chantiers", href: "/erp/chantiers" },
  { label: "Planning", href: "/erp/chantiers/planning" },
];
