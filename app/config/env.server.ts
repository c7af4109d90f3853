import { z } from "zod";

/**
 * Every environment variable the application reads, declared once.
 * `loadEnv` stops start-up with the list of every bad variable at once.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "doit commencer par postgres:// ou postgresql://")
        .optional(),
    ),
    SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: booleanFlag,
    // How many trusted proxies append to X-Forwarded-For (the client's address is that many from the right).
    TRUST_PROXY_HOPS: z.coerce
      .number()
      .int()
      .min(1, "doit être un entier de 1 à 10")
      .max(10, "doit être un entier de 1 à 10")
      .default(1),
    // Outgoing mail (app/lib/mailer.server.ts): SMTP when set, else .eml files in DATA_DIR/mail.
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "doit commencer par smtp:// ou smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Bâti Rade Toulon <no-reply@batirade-toulon.fr>"),
    // Who receives each quote request.
    NOTIFY_EMAIL: z.email("doit être une adresse e-mail").default("contact@batirade-toulon.fr"),
    // Quote requests per client address and 10 minutes, refused ones included; 0 turns the limit off.
    QUOTE_RATE_LIMIT: z.coerce.number().int().min(0, "doit être un entier positif ou nul").default(5),
    // Signs the Espace Pro session cookies. Required in production (see app/features/auth/secret.server.ts).
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "doit contenir au moins 32 caractères (openssl rand -base64 32)").optional(),
    ),
    // Consent-gated trackers (loaded only after « Accepter »; never when unset).
    TIKTOK_PIXEL_ID: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{4,64}$/, "identifiant de pixel invalide")
        .optional(),
    ),
    TIKTOK_PIXEL_ORIGIN: z.url({ protocol: /^https?$/ }).default("https://analytics.tiktok.com"),
    TRACKING_SCRIPT_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Shop: the store this server serves (and seeds), and where the shop pages reach
    // the store API (unset: this server's built-in store service, in-process).
    STORE_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "lettres, chiffres, - et _ uniquement (64 au plus)")
      .default("batirade-toulon"),
    STORE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Online payment with Stripe Checkout: both keys, or neither (then orders are paid by
    // transfer or at pick-up). STRIPE_API_URL only points the client at a stub (tests).
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, "doit commencer par sk_test_ ou sk_live_")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, "doit commencer par whsec_")
        .optional(),
    ),
    STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // The State's geocoding service (the Géoplateforme, app/lib/geocoding.server.ts): its
    // base, under which `/search` and `/completion` answer. Only the tests point it elsewhere.
    GEOCODING_URL: optionalString
      .pipe(z.url({ protocol: /^https?$/, error: "doit être une URL http(s)" }).optional())
      .transform((url) => (url ?? "https://data.geopf.fr/geocodage").replace(/\/+$/, "")),
    // Days a transfer/cash order may stay unpaid before the daily job cancels it (its stock returns).
    SHOP_UNPAID_ORDER_DAYS: z.coerce
      .number("doit être un nombre de jours")
      .int("doit être un nombre entier de jours")
      .min(1, "doit être un entier de 1 à 90")
      .max(90, "doit être un entier de 1 à 90")
      .default(7),
    // The shop's answers from memory (decision 020); "off" reads every one from the database
    // (to compare, or to rule the cache out when something looks wrong).
    SHOP_CACHE: z.enum(["on", "off"], "doit valoir on ou off").default("on"),
    // Seconds between start-up and the daily jobs' first run (purge, expiries, reminders,
    // unpaid orders); then every 24 hours. Each job runs once per Paris day across instances.
    DAILY_JOBS_FIRST_RUN_SECONDS: z.coerce
      .number("doit être un nombre de secondes")
      .int("doit être un nombre entier de secondes")
      .min(1, "doit être un entier de 1 à 86400")
      .max(86_400, "doit être un entier de 1 à 86400")
      .default(60),
    // Files on S3-compatible object storage (app/lib/s3-storage.server.ts) when S3_BUCKET is
    // set; unset, on the local disk under DATA_DIR/uploads. S3_ENDPOINT unset means AWS itself.
    S3_ENDPOINT: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "doit être une URL http(s)" }).optional(),
    ),
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/,
          "nom de compartiment invalide (3 à 63 caractères)",
        )
        .optional(),
    ),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Backups (app/lib/backup): where `npm run backup` writes its archives (DATA_DIR/sauvegardes
    // unset), and the passphrase they are encrypted with (age, scrypt); unset: not encrypted.
    BACKUP_DIR: optionalString,
    BACKUP_PASSPHRASE: optionalString.pipe(
      z.string().min(12, "doit compter au moins 12 caractères").optional(),
    ),
    // Path-style URLs (endpoint/bucket/key) instead of bucket.endpoint: most S3-compatible servers need it.
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", ""], "doit valoir true ou false")
      .optional()
      .transform((value) => value === "true"),
    // Scheduled backups to S3 (app/lib/backup/destination.server.ts): set, the daily job puts its
    // archives under this prefix instead of BACKUP_DIR, on the bucket of the S3_* variables or
    // on BACKUP_S3_BUCKET; each BACKUP_S3_* left unset takes its S3_* counterpart's value.
    BACKUP_S3_PREFIX: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*\/?$/,
          "dossier dans le compartiment : lettres minuscules, chiffres, point, tiret, tiret bas et / (par exemple sauvegardes/)",
        )
        .transform((prefix) => (prefix.endsWith("/") ? prefix : `${prefix}/`))
        .optional(),
    ),
    BACKUP_S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/,
          "nom de compartiment invalide (3 à 63 caractères)",
        )
        .optional(),
    ),
    BACKUP_S3_ENDPOINT: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "doit être une URL http(s)" }).optional(),
    ),
    BACKUP_S3_REGION: optionalString,
    BACKUP_S3_ACCESS_KEY_ID: optionalString,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
    BACKUP_S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", ""], "doit valoir true ou false")
      .optional()
      .transform((value) => (value === "true" ? true : value === "false" ? false : undefined)),
  })
  .superRefine((env, ctx) => {
    const s3Settings = ["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    if (env.S3_BUCKET) {
      for (const name of s3Settings.filter((setting) => !env[setting])) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "obligatoire quand S3_BUCKET est renseignée (fichiers sur un stockage S3)",
        });
      }
    } else {
      const stray = ["S3_ENDPOINT" as const, ...s3Settings].filter((name) => env[name]);
      if (stray.length > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["S3_BUCKET"],
          message: `manquante alors que ${stray.join(", ")} ${stray.length > 1 ? "sont renseignées" : "est renseignée"} : sans compartiment, les fichiers resteraient sur le disque local`,
        });
      }
    }
    const backupS3Settings = [
      "BACKUP_S3_BUCKET",
      "BACKUP_S3_ENDPOINT",
      "BACKUP_S3_REGION",
      "BACKUP_S3_ACCESS_KEY_ID",
      "BACKUP_S3_SECRET_ACCESS_KEY",
    ] as const;
    if (env.BACKUP_S3_PREFIX) {
      if (!env.BACKUP_S3_BUCKET && !env.S3_BUCKET) {
        ctx.addIssue({
          code: "custom",
          path: ["BACKUP_S3_BUCKET"],
          message:
            "obligatoire avec BACKUP_S3_PREFIX quand S3_BUCKET n'est pas renseignée : dans quel compartiment déposer les sauvegardes ?",
        });
      }
      for (const name of ["REGION", "ACCESS_KEY_ID", "SECRET_ACCESS_KEY"] as const) {
        if (!env[`BACKUP_S3_${name}`] && !env[`S3_${name}`]) {
          ctx.addIssue({
            code: "custom",
            path: [`BACKUP_S3_${name}`],
            message: `obligatoire pour les sauvegardes sur S3 (BACKUP_S3_PREFIX), faute de S3_${name}`,
          });
        }
      }
      const filesBucket =
        env.S3_BUCKET &&
        (env.BACKUP_S3_BUCKET ?? env.S3_BUCKET) === env.S3_BUCKET &&
        (env.BACKUP_S3_ENDPOINT ?? env.S3_ENDPOINT) === env.S3_ENDPOINT;
      if (filesBucket && !env.BACKUP_S3_PREFIX.startsWith("sauvegarde")) {
        ctx.addIssue({
          code: "custom",
          path: ["BACKUP_S3_PREFIX"],
          message:
            "dans le compartiment des fichiers (S3_BUCKET), le dossier des sauvegardes doit commencer par « sauvegarde » (sauvegardes/), pour ne jamais se mêler aux fichiers de l'application",
        });
      }
    } else {
      const stray: string[] = backupS3Settings.filter((name) => env[name]);
      if (env.BACKUP_S3_FORCE_PATH_STYLE !== undefined) stray.push("BACKUP_S3_FORCE_PATH_STYLE");
      if (stray.length > 0) {
        ctx.addIssue({
          code: "custom",
          path: ["BACKUP_S3_PREFIX"],
          message: `manquante alors que ${stray.join(", ")} ${stray.length > 1 ? "sont renseignées" : "est renseignée"} : sans elle, les sauvegardes automatiques vont sur le disque (BACKUP_DIR)`,
        });
      }
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET vont ensemble : renseignez les deux, ou aucune",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.output<typeof EnvSchema>;

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(racine)"} : ${issue.message}`),
    );
  }
  return result.data;
}
