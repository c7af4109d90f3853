import { type Cents, formatCentsForInput, MoneySchema } from "#app/lib/money.ts";
import { IsoDaySchema } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The Pointage part of « Paramètres de l'entreprise » (/erp/parametres): the origin of the
 * travel zones, the yearly overtime quota, and the allowance amounts by zone with their start
 * date. Two forms, told apart by their intent; the company form posts no intent. Browser-safe.
 */

export const ZONE_ORIGINS = ["siege", "domicile"] as const;
export type ZoneOriginValue = (typeof ZONE_ORIGINS)[number];

export const ZONE_ORIGIN_LABELS: Record<ZoneOriginValue, string> = {
  siege: "Depuis le siège de l'entreprise",
  domicile: "Depuis le domicile du salarié",
};

export const ZONES = [1, 2, 3, 4, 5] as const;
export type Zone = (typeof ZONES)[number];

export const DEFAULT_OVERTIME_QUOTA_HOURS = 220;
export const MAX_OVERTIME_QUOTA_HOURS = 1000;
/** Highest daily allowance accepted: 1 000,00 € (a typing slip, beyond). */
export const MAX_ALLOWANCE_CENTS: Cents = 100_000;

/** The intents of the page's two Pointage forms. */
export const POINTAGE_INTENT = "pointage";
export const ALLOWANCES_INTENT = "indemnites";

export const POINTAGE_MESSAGES = {
  zoneOrigin: "Choisissez d'où se mesurent les zones de déplacement.",
  overtimeQuota: `Indiquez le contingent annuel d'heures supplémentaires : un nombre entier d'heures, de 1 à ${MAX_OVERTIME_QUOTA_HOURS}.`,
  validFrom: "Indiquez la date à partir de laquelle ces montants s'appliquent.",
  amountRange: "Indiquez un montant de 0 à 1 000,00 €.",
} as const;

/** The allowance form's fields: the start date, the meal allowance, then two amounts per zone. */
export const transportField = (zone: Zone) => `transport${zone}` as const;
export const travelTimeField = (zone: Zone) => `travelTime${zone}` as const;
export type AllowanceAmountField =
  | "meal"
  | ReturnType<typeof transportField>
  | ReturnType<typeof travelTimeField>;

const allowanceAmount = z
  .string({ error: POINTAGE_MESSAGES.amountRange })
  .pipe(MoneySchema)
  .refine((cents) => cents >= 0 && cents <= MAX_ALLOWANCE_CENTS, POINTAGE_MESSAGES.amountRange);

export const PointageSettingsSchema = z.object({
  intent: z.literal(POINTAGE_INTENT),
  zoneOrigin: z.enum(ZONE_ORIGINS, { error: POINTAGE_MESSAGES.zoneOrigin }),
  overtimeQuotaHours: z
    .string({ error: POINTAGE_MESSAGES.overtimeQuota })
    .trim()
    .regex(/^\d{1,4}$/, POINTAGE_MESSAGES.overtimeQuota)
    .transform(Number)
    .refine((hours) => hours >= 1 && hours <= MAX_OVERTIME_QUOTA_HOURS, POINTAGE_MESSAGES.overtimeQuota),
});
export type PointageSettingsInput = z.output<typeof PointageSettingsSchema>;

export const AllowanceRatesSchema = z
  .object({
    intent: z.literal(ALLOWANCES_INTENT),
    validFrom: z
      .string({ error: POINTAGE_MESSAGES.validFrom })
      .trim()
      .min(1, POINTAGE_MESSAGES.validFrom)
      .pipe(IsoDaySchema),
    meal: allowanceAmount,
    transport1: allowanceAmount,
    transport2: allowanceAmount,
    transport3: allowanceAmount,
    transport4: allowanceAmount,
    transport5: allowanceAmount,
    travelTime1: allowanceAmount,
    travelTime2: allowanceAmount,
    travelTime3: allowanceAmount,
    travelTime4: allowanceAmount,
    travelTime5: allowanceAmount,
  })
  .transform((input) => ({
    validFrom: input.validFrom,
    mealCents: input.meal,
    zones: ZONES.map((zone) => ({
      zone,
      transportCents: input[transportField(zone)],
      travelTimeCents: input[travelTimeField(zone)],
    })),
  }));
export type AllowanceRatesInput = z.output<typeof AllowanceRatesSchema>;

/** One version of the allowances, as stored and as a day reads it. */
export type AllowanceRates = {
  validFrom: string;
  mealCents: Cents;
  zones: { zone: Zone; transportCents: Cents; travelTimeCents: Cents }[];
};

/** A version's amounts as the form's strings (« 12,50 »), to start the next version from. */
export function allowanceFormValues(rates: AllowanceRates | null): Record<AllowanceAmountField, string> {
  const values = { meal: rates ? formatCentsForInput(rates.mealCents) : "" } as Record<
    AllowanceAmountField,
    string
  >;
  for (const zone of ZONES) {
    const rate = rates?.zones.find((entry) => entry.zone === zone);
    values[transportField(zone)] = rate ? formatCentsForInput(rate.transportCents) : "";
    values[travelTimeField(zone)] = rate ? formatCentsForInput(rate.travelTimeCents) : "";
  }
  return values;
}
