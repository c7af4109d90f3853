import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { DateField, MoneyField, NumberField, RadioGroupField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import type { GeocodingStatus } from "#app/db/schema/settings.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import {
  ALLOWANCES_INTENT,
  type AllowanceRates,
  allowanceFormValues,
  MAX_OVERTIME_QUOTA_HOURS,
  POINTAGE_INTENT,
  transportField,
  travelTimeField,
  ZONE_ORIGIN_LABELS,
  ZONE_ORIGINS,
  ZONES,
  type ZoneOriginValue,
} from "../pointage-schema.ts";

/*
 * The Pointage part of the settings page: where travel zones are measured from (and whether
 * the office could be placed), the yearly overtime quota, and the allowance amounts by zone,
 * one version per start date. Two forms, each with its intent; a refusal lands in the form
 * it answers, with what was typed.
 */

export type PointageSettingsView = {
  zoneOrigin: ZoneOriginValue;
  overtimeQuotaHours: number;
  office: { status: GeocodingStatus | null; lat: number | null; lon: number | null };
  /** The company's address, on one line, as the office is geocoded from it. */
  officeAddress: string;
  /** Every version, the latest start first. */
  versions: AllowanceRates[];
  /** The start of the version in force today; null when none is. */
  inForceFrom: string | null;
  today: string;
};

type PointageRefusal = Pick<Refusal, "intent" | "message" | "fieldErrors" | "values"> | null;

const section = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const legend = "font-heading text-lg font-bold text-brand-900 float-left w-full";
const note = "text-sm text-slate-700";

function Section({ title, note: text, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={section}>
      <legend className={legend}>{title}</legend>
      {text ? <p className={note}>{text}</p> : null}
      {children}
    </fieldset>
  );
}

const coordinate = (value: number) =>
  value.toLocaleString("fr-FR", { minimumFractionDigits: 5, maximumFractionDigits: 5 });

/** Whether the office is placed, and what to do when it is not. */
function officeNote(view: PointageSettingsView): string {
  const { status, lat, lon } = view.office;
  if (status === "ok" && lat !== null && lon !== null) {
    return `Siège localisé depuis l'adresse de l'entreprise (${view.officeAddress}) : latitude ${coordinate(lat)}, longitude ${coordinate(lon)}.`;
  }
  if (status === "unreachable") {
    return "Le service de géocodage de l'État n'a pas répondu : le siège n'a pas pu être localisé. Enregistrez à nouveau plus tard ; en attendant, saisissez la distance du siège sur la page de chaque chantier.";
  }
  if (status === "not_found" || status === "uncertain") {
    return `Le service de géocodage n'a pas pu situer avec certitude l'adresse de l'entreprise (${view.officeAddress}) : saisissez la distance du siège sur la page de chaque chantier.`;
  }
  return `Le siège n'est pas encore localisé : enregistrez ces réglages pour le situer depuis l'adresse de l'entreprise (${view.officeAddress}).`;
}

function Summary({ refusal, intent }: { refusal: PointageRefusal; intent: string }) {
  if (refusal?.intent !== intent) return null;
  const count = Object.keys(refusal.fieldErrors ?? {}).length;
  const message =
    count > 1
      ? `${count} champs sont à corriger : voyez les messages sous chacun.`
      : count === 1
        ? "Un champ est à corriger : voyez le message sous celui-ci."
        : refusal.message;
  return <FormAlert focus title="Enregistrement impossible" errors={[message]} />;
}

function ZonesForm({ view, refusal }: { view: PointageSettingsView; refusal: PointageRefusal }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === POINTAGE_INTENT;
  const mine = refusal?.intent === POINTAGE_INTENT ? refusal : null;
  return (
    <Form method="post" noValidate className="grid gap-4" aria-label="Réglages du pointage">
      <input type="hidden" name="intent" value={POINTAGE_INTENT} />
      <Summary refusal={refusal} intent={POINTAGE_INTENT} />
      <Section title="Zones de déplacement et heures supplémentaires" note={officeNote(view)}>
        <RadioGroupField
          name="zoneOrigin"
          legend="Les zones de déplacement se mesurent"
          hint="À vol d'oiseau jusqu'au chantier le plus éloigné de la journée, par anneaux de 10 km (zones 1 à 5)."
          options={ZONE_ORIGINS.map((origin) => ({ value: origin, label: ZONE_ORIGIN_LABELS[origin] }))}
          defaultValue={mine?.values?.zoneOrigin ?? view.zoneOrigin}
          errors={mine?.fieldErrors?.zoneOrigin}
          required
        />
        <NumberField
          id="overtimeQuotaHours"
          name="overtimeQuotaHours"
          label="Contingent annuel d'heures supplémentaires (heures)"
          hint={`220 heures par défaut (Code du travail, art. D3121-24), ou celui de la convention collective ; de 1 à ${MAX_OVERTIME_QUOTA_HOURS}.`}
          defaultValue={mine?.values?.overtimeQuotaHours ?? String(view.overtimeQuotaHours)}
          errors={mine?.fieldErrors?.overtimeQuotaHours}
          min={1}
          max={MAX_OVERTIME_QUOTA_HOURS}
          step={1}
          inputMode="numeric"
          required
        />
      </Section>
      <div>
        <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
          {saving ? "Enregistrement…" : "Enregistrer les réglages du pointage"}
        </button>
      </div>
    </Form>
  );
}

function AllowancesForm({ view, refusal }: { view: PointageSettingsView; refusal: PointageRefusal }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ALLOWANCES_INTENT;
  const mine = refusal?.intent === ALLOWANCES_INTENT ? refusal : null;
  // A new version starts from the latest one's amounts: most lines change by a few cents.
  const start = allowanceFormValues(view.versions[0] ?? null);
  const money = (name: keyof typeof start, label: string) => ({
    id: name,
    name,
    label,
    defaultValue: mine?.values?.[name] ?? start[name],
    errors: mine?.fieldErrors?.[name],
    maxLength: 12,
    required: true,
  });
  return (
    <Form method="post" noValidate className="grid gap-4" aria-label="Indemnités de petits déplacements">
      <input type="hidden" name="intent" value={ALLOWANCES_INTENT} />
      <Summary refusal={refusal} intent={ALLOWANCES_INTENT} />
      <Section
        title="Indemnités de petits déplacements (ouvriers du bâtiment)"
        note="Montants par jour travaillé sur un chantier, fixés chaque année par l'accord régional. Une nouvelle date ajoute une version : les jours d'avant gardent les montants précédents. La même date corrige la version."
      >
        <DateField
          id="validFrom"
          name="validFrom"
          label="Valables à partir du"
          defaultValue={mine?.values?.validFrom ?? view.today}
          errors={mine?.fieldErrors?.validFrom}
          min="2000-01-01"
          max="2100-12-31"
          required
        />
        <MoneyField {...money("meal", "Indemnité de repas (panier) par jour")} />
        <div className="grid gap-4 sm:grid-cols-2">
          {ZONES.map((zone) => (
            <fieldset key={zone} className="grid gap-3 rounded-lg border border-slate-200 p-3">
              <legend className="font-heading font-semibold text-brand-900">Zone {zone}</legend>
              <MoneyField {...money(transportField(zone), `Transport, zone ${zone}`)} />
              <MoneyField {...money(travelTimeField(zone), `Trajet, zone ${zone}`)} />
            </fieldset>
          ))}
        </div>
      </Section>
      <div>
        <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
          {saving ? "Enregistrement…" : "Enregistrer ces montants"}
        </button>
      </div>
    </Form>
  );
}

function Versions({ view }: { view: PointageSettingsView }) {
  if (view.versions.length === 0) {
    return (
      <p className={note}>Aucun montant enregistré : les indemnités ne peuvent pas encore être calculées.</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Versions des indemnités, la plus récente d'abord</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3">
              Valables à partir du
            </th>
            <th scope="col" className="py-2 pr-3">
              Panier
            </th>
            {ZONES.map((zone) => (
              <th key={zone} scope="col" className="py-2 pr-3">
                Zone {zone} (transport / trajet)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.versions.map((version) => (
            <tr key={version.validFrom} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-semibold">
                {formatDate(version.validFrom, "numeric")}
                {version.validFrom === view.inForceFrom ? " (en vigueur)" : ""}
              </th>
              <td className="py-2 pr-3 whitespace-nowrap">{formatCents(version.mealCents)}</td>
              {ZONES.map((zone) => {
                const rate = version.zones.find((entry) => entry.zone === zone);
                return (
                  <td key={zone} className="py-2 pr-3 whitespace-nowrap">
                    {rate
                      ? `${formatCents(rate.transportCents)} / ${formatCents(rate.travelTimeCents)}`
                      : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PointageSettings({
  settings,
  refusal,
}: {
  settings: PointageSettingsView;
  refusal: PointageRefusal;
}) {
  return (
    <Panel
      id="parametres-pointage"
      title="Pointage"
      description="Les règles des feuilles d'heures : zones de déplacement, contingent d'heures supplémentaires et indemnités du bâtiment."
    >
      <div className="grid gap-5">
        <ZonesForm view={settings} refusal={refusal} />
        <AllowancesForm view={settings} refusal={refusal} />
        <Versions view={settings} />
      </div>
    </Panel>
  );
}
