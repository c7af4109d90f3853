import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { type SectionTab, SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PeriodPicker, type PeriodPreset } from "#app/components/forms/period-picker.tsx";

/*
 * The frame of an « Export comptable » page (sales and purchases journals): the section's
 * tabs, the header, the period picker, then the period's summary, or « Période invalide »
 * with the message the server refused the period with.
 */

type PeriodState = {
  presets: readonly PeriodPreset[];
  values: { du: string; au: string };
} & ({ ok: true } | { ok: false; error: { field: "du" | "au"; message: string } });

export function ExportPeriodPage<Period extends PeriodState>({
  path,
  className,
  tabs,
  title,
  description,
  actions,
  fromLabel,
  period,
  summary,
}: {
  /** The page's path: the picker shows « loading » while the page loads another period. */
  path: string;
  className: string;
  tabs: { label: string; tabs: readonly SectionTab[] };
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode;
  /** What the first day counts: « Du (date d'émission) ». */
  fromLabel: string;
  period: Period;
  /** The summary of an accepted period; `busy` while another one loads. */
  summary: (accepted: Extract<Period, { ok: true }>, busy: boolean) => ReactNode;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === path;
  return (
    <div className={className}>
      <SectionTabs label={tabs.label} tabs={tabs.tabs} />
      <PageHeader title={title} description={description} actions={actions} />

      <PeriodPicker
        presets={period.presets}
        values={period.values}
        error={period.ok ? null : period.error}
        loading={loading}
        fromLabel={fromLabel}
      />

      {period.ok ? (
        summary(period as Extract<Period, { ok: true }>, loading)
      ) : (
        <FormAlert title="Période invalide" errors={[period.error.message]} />
      )}
    </div>
  );
}
