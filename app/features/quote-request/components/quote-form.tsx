import { zodResolver } from "@hookform/resolvers/zod";
import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { track } from "#app/lib/analytics.ts";
import {
  BUDGETS,
  PHOTO_ACCEPT,
  PHOTO_MAX_COUNT,
  QUOTE_TOASTS,
  type QuoteActionResult,
  type QuoteFieldErrors,
  type QuoteFieldName,
  type QuoteFormValues,
  type QuoteRequest,
  type QuoteRequestInput,
  QuoteRequestSchema,
  type QuoteSource,
  WORK_TYPES,
} from "../schema.ts";

const EMPTY: QuoteFormValues = {
  user_name: "",
  user_email: "",
  user_phone: "",
  work_type: "",
  budget: "",
  message: "",
  consent: false,
};

/** Form values as react-hook-form holds them (the selects may still be empty). */
const formDefaults = (values: QuoteFormValues, source: QuoteSource) =>
  ({ ...values, photos: [], honeypot: "", source }) as unknown as QuoteRequestInput;

const inputClasses =
  "block w-full min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-slate-500 focus-visible:border-brand-700 aria-[invalid=true]:border-red-700";

function photoError(errors: FieldErrors<QuoteRequestInput>): string | undefined {
  const photos = errors.photos as
    | { message?: string; [index: number]: { message?: string } | undefined }
    | undefined;
  if (!photos) return undefined;
  if (photos.message) return photos.message;
  for (let index = 0; index < PHOTO_MAX_COUNT + 1; index++) {
    const message = photos[index]?.message;
    if (message) return message;
  }
  return undefined;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

/**
 * The quote form, in the modal and on /devis. With JavaScript it validates in the
 * browser (react-hook-form + the shared zod schema) and sends through a fetcher;
 * without it, it is a plain multipart form posted to the /devis action, which
 * answers with the page and its errors, or redirects to /merci.
 */
export function QuoteForm({
  source,
  serverResult,
  onSuccess,
}: {
  source: QuoteSource;
  /** The action's answer to a submission made without JavaScript (errors to show back). */
  serverResult?: QuoteActionResult;
  /** Called after a successful submission from the modal. */
  onSuccess?: () => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-erreur`;
  const fetcher = useFetcher<QuoteActionResult>();
  const navigate = useNavigate();
  const initialValues = serverResult?.status === "error" && serverResult.values ? serverResult.values : EMPTY;
  const [serverErrors, setServerErrors] = useState<QuoteFieldErrors>(
    serverResult?.status === "error" ? serverResult.fieldErrors : {},
  );
  const [formError, setFormError] = useState<string | undefined>(
    serverResult?.status === "error" && Object.keys(serverResult.fieldErrors).length === 0
      ? serverResult.formError
      : undefined,
  );
  const [photos, setPhotos] = useState<{ key: number; file: File }[]>([]);
  const nextPhotoKey = useRef(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<QuoteRequestInput, unknown, QuoteRequest>({
    resolver: zodResolver(QuoteRequestSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: formDefaults(initialValues, source),
  });

  // Errors rendered by the server (no-JavaScript submission) move into the form state
  // once it runs, so that they clear as the visitor corrects each field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors)) {
      setError(name as QuoteFieldName, { type: "server", message });
    }
    setServerErrors({});
  }, []);

  const sending = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.status === "success") {
      track("devis_form_submit_success", { work_type: result.workType, source });
      setFormError(undefined);
      if (source === "page") {
        navigate("/merci");
        return;
      }
      reset(formDefaults(EMPTY, source));
      setPhotos([]);
      if (fileInput.current) fileInput.current.value = "";
      toast(QUOTE_TOASTS.success);
      onSuccess?.();
      return;
    }
    track("devis_form_submit_error", { source, reason: result.formError });
    const fieldEntries = Object.entries(result.fieldErrors);
    for (const [name, message] of fieldEntries) {
      setError(name as QuoteFieldName, { type: "server", message }, { shouldFocus: true });
    }
    setFormError(fieldEntries.length === 0 ? result.formError : undefined);
    toast({ ...QUOTE_TOASTS.failure, variant: "destructive" });
  }, [fetcher.state, fetcher.data, navigate, onSuccess, reset, setError, source]);

  const updatePhotos = (next: { key: number; file: File }[]) => {
    setPhotos(next);
    setValue(
      "photos",
      next.map((photo) => photo.file),
      { shouldValidate: isSubmitted },
    );
  };

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // The list below holds the photos; the input is emptied so the same file can be picked again.
    event.target.value = "";
    if (picked.length > 0) {
      updatePhotos([...photos, ...picked.map((file) => ({ key: nextPhotoKey.current++, file }))]);
    }
  };

  const onValid = (values: QuoteRequest) => {
    // Trap field filled: a robot. End silently, send nothing (spec section 4).
    if (values.honeypot) return;
    track("devis_form_submit_start", { source });
    setFormError(undefined);
    const body = new FormData();
    body.set("user_name", values.user_name);
    body.set("user_email", values.user_email);
    body.set("user_phone", values.user_phone);
    body.set("work_type", values.work_type);
    body.set("budget", values.budget);
    body.set("message", values.message);
    body.set("consent", "on");
    body.set("source", source);
    body.set("js", "1");
    for (const { file } of photos) body.append("photos", file, file.name);
    fetcher.submit(body, {
      method: "post",
      action: "/devis",
      encType: "multipart/form-data",
      // Nothing on the page depends on a quote request: no loader needs to run again.
      defaultShouldRevalidate: false,
    });
  };

  const messageOf = (name: QuoteFieldName): string | undefined =>
    name === "photos" ? photoError(errors) : (errors[name]?.message ?? serverErrors[name]);

  const described = (name: QuoteFieldName, hint?: string) => {
    const ids = [hint, messageOf(name) ? errorId(name) : undefined].filter(Boolean).join(" ");
    return {
      "aria-invalid": messageOf(name) ? true : undefined,
      "aria-describedby": ids || undefined,
    } as const;
  };

  const errorText = (name: QuoteFieldName) => {
    const message = messageOf(name);
    return message ? (
      <p id={errorId(name)} className="mt-1 text-sm font-medium text-red-700">
        {message}
      </p>
    ) : null;
  };

  const required = (
    <span aria-hidden="true" className="ml-0.5 text-accent-700">
      *
    </span>
  );

  const labelClasses = "mb-1 block font-heading text-sm font-semibold text-brand-900";
  const photoHintId = fieldId("photos-aide");

  return (
    <Form
      method="post"
      action="/devis"
      encType="multipart/form-data"
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label="Demande de devis gratuit"
      data-quote-form={source}
      className="grid gap-4"
    >
      <p className="text-sm text-slate-700">
        Les champs marqués d'un astérisque (<span aria-hidden="true">*</span>
        <span className="sr-only">astérisque</span>) sont obligatoires.
      </p>
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="source" value={source} />

      <div>
        <label htmlFor={fieldId("user_name")} className={labelClasses}>
          Nom et prénom
          {required}
        </label>
        <input
          id={fieldId("user_name")}
          type="text"
          autoComplete="name"
          required
          defaultValue={initialValues.user_name}
          className={inputClasses}
          {...described("user_name")}
          {...register("user_name")}
        />
        {errorText("user_name")}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("user_email")} className={labelClasses}>
            E-mail
            {required}
          </label>
          <input
            id={fieldId("user_email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            defaultValue={initialValues.user_email}
            className={inputClasses}
            {...described("user_email")}
            {...register("user_email")}
          />
          {errorText("user_email")}
        </div>
        <div>
          <label htmlFor={fieldId("user_phone")} className={labelClasses}>
            Téléphone
            {required}
          </label>
          <input
            id={fieldId("user_phone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder="06 12 34 56 78"
            defaultValue={initialValues.user_phone}
            className={inputClasses}
            {...described("user_phone")}
            {...register("user_phone")}
          />
          {errorText("user_phone")}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("work_type")} className={labelClasses}>
            Type de travaux
            {required}
          </label>
          <select
            id={fieldId("work_type")}
            required
            defaultValue={initialValues.work_type}
            className={inputClasses}
            {...described("work_type")}
            {...register("work_type")}
          >
            <option value="">Choisissez…</option>
            {WORK_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {errorText("work_type")}
        </div>
        <div>
          <label htmlFor={fieldId("budget")} className={labelClasses}>
            Budget estimé <span className="font-normal text-slate-700">(facultatif)</span>
          </label>
          <select
            id={fieldId("budget")}
            defaultValue={initialValues.budget}
            className={inputClasses}
            {...described("budget")}
            {...register("budget")}
          >
            <option value="">Non précisé</option>
            {BUDGETS.map((budget) => (
              <option key={budget} value={budget}>
                {budget}
              </option>
            ))}
          </select>
          {errorText("budget")}
        </div>
      </div>

      <div>
        <label htmlFor={fieldId("message")} className={labelClasses}>
          Description du projet
          {required}
        </label>
        <textarea
          id={fieldId("message")}
          rows={5}
          required
          placeholder="Nature des travaux, surface, adresse du chantier, délais souhaités…"
          defaultValue={initialValues.message}
          className={`${inputClasses} min-h-32 resize-y`}
          {...described("message")}
          {...register("message")}
        />
        {errorText("message")}
      </div>

      <div>
        <label htmlFor={fieldId("photos")} className={labelClasses}>
          Photos <span className="font-normal text-slate-700">(facultatif)</span>
        </label>
        <p id={photoHintId} className="mb-2 text-sm text-slate-700">
          Jusqu'à {PHOTO_MAX_COUNT} photos de 5 Mo maximum chacune (.jpg, .jpeg, .png, .webp).
        </p>
        <div className="relative">
          <input
            ref={fileInput}
            id={fieldId("photos")}
            name="photos"
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            onChange={addPhotos}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-heading file:font-semibold file:text-brand-700 hover:file:bg-brand-50"
            {...described("photos", photoHintId)}
          />
        </div>
        {photos.length > 0 ? (
          <ul className="mt-2 grid gap-2" aria-label="Photos ajoutées">
            {photos.map(({ key, file: photo }) => (
              <li
                key={key}
                className="flex items-center justify-between gap-2 rounded-lg border border-slate-300 bg-sand/60 py-1 pr-1 pl-3 text-sm"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <ImagePlus aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                  <span className="truncate">{photo.name}</span>
                  <span className="shrink-0 text-slate-700">({formatSize(photo.size)})</span>
                </span>
                <button
                  type="button"
                  onClick={() => updatePhotos(photos.filter((other) => other.key !== key))}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-white hover:text-red-700"
                >
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">Retirer {photo.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {errorText("photos")}
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id={fieldId("consent")}
            type="checkbox"
            required
            defaultChecked={initialValues.consent === true}
            className="mt-0.5 size-6 shrink-0 accent-brand-700"
            {...described("consent")}
            {...register("consent")}
          />
          <label htmlFor={fieldId("consent")} className="text-sm text-ink">
            J'accepte que mes données soient utilisées pour traiter ma demande de devis, conformément à la{" "}
            <Link
              to="/politique-de-confidentialite"
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline"
            >
              politique de confidentialité
              <span className="sr-only"> (nouvel onglet)</span>
            </Link>
            .{required}
          </label>
        </div>
        {errorText("consent")}
      </div>

      {/* Trap for robots: out of sight, out of the tab order, hidden from screen readers. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId("honeypot")}>Ne remplissez pas ce champ</label>
        <input
          id={fieldId("honeypot")}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          {...register("honeypot")}
        />
      </div>

      <Button type="submit" variant="primary" size="cta" disabled={sending}>
        {sending ? "Envoi..." : "Envoyer ma demande"}
      </Button>
    </Form>
  );
}
