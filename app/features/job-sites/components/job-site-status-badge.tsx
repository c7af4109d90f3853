import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import { JOB_SITE_STATUS_LABELS, type JobSiteStatus } from "../schema.ts";

const TONES: Record<JobSiteStatus, BadgeTone> = {
  a_planifier: "warning",
  planifie: "info",
  en_cours: "progress",
  suspendu: "danger",
  receptionne: "success",
  clos: "neutral",
};

/** « À planifier », « En cours »… as a pill. */
export function JobSiteStatusBadge({ status }: { status: JobSiteStatus }) {
  return <StatusBadge tone={TONES[status]}>{JOB_SITE_STATUS_LABELS[status]}</StatusBadge>;
}
