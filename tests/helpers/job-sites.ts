import type { JobSiteData } from "#app/features/job-sites/schema.ts";

const BLANK: JobSiteData = {
  title: "Chantier",
  siteStreet: "",
  sitePostalCode: "",
  siteCity: "Toulon",
  accessCode: "",
  keys: "",
  contactName: "",
  contactPhone: "",
  parking: "",
  constraints: "",
  notes: "",
  plannedStart: null,
  plannedEnd: null,
  actualStart: null,
  actualEnd: null,
};

/** A job site's form data: a title in Toulon and nothing else, with what a test needs over it. */
export function jobSiteData(overrides: Partial<JobSiteData> = {}): JobSiteData {
  return { ...BLANK, ...overrides };
}
