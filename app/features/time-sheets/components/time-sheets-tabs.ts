import type { SectionTab } from "#app/components/data/section-tabs.tsx";

/** The Pointage section's tabs: the team's week grid, the register of employees, the month's payroll variables. */
export const TIME_SHEETS_TABS: readonly SectionTab[] = [
  { label: "Semaine", href: "/erp/temps/semaine" },
  { label: "Salariés", href: "/erp/temps" },
  { label: "Paie", href: "/erp/temps/paie" },
];
