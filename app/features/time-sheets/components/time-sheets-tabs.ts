import type { SectionTab } from "#app/components/data/section-tabs.tsx";

/** The Pointage section's tabs: the team's day grid (employees × sites), its week grid, the register of employees, the month's payroll variables. */
export const TIME_SHEETS_TABS: readonly SectionTab[] = [
  { label: "Journée", href: "/erp/temps/jour" },
  { label: "Semaine", href: "/erp/temps/semaine" },
  { label: "Salariés", href: "/erp/temps" },
  { label: "Paie", href: "/erp/temps/paie" },
];
