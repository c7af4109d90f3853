import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import {
  CheckboxField,
  EmailField,
  FileField,
  PhoneField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { schemaResolver } from "#app/components/forms/schema-resolver.ts";
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
  const fetcher = useFetcher<QuoteActionResult>();
  const navigate = useNavigate();
  const initialValues = serverResult?.status === "error" && serverResult.values ? serverResult.values : EMPTY;
  const [serverErrors, setServerErrors] = useState<QuoteFieldErrors>(
    serverResult?.status === "error" ? serverResult.fieldErrors : {},
  );
  // After a refusal posted without JavaScript, the page says so above the form (« Certains
  // champs sont à corriger. ») as well as under each field.
  const [formError, setFormError] = useState<string | undefined>(
    serverResult?.status === "error" ? serverResult.formError : undefined,
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
    resolver: schemaResolver(QuoteRequestSchema),
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

  /** What the browser found, or else what the server answered a post made without JavaScript. */
  const messageOf = (name: QuoteFieldName): string | undefined => errors[name]?.message ?? serverErrors[name];
  /** A text field's id, value shown back, message and registration, by its name. */
  const textField = (name: Exclude<keyof QuoteFormValues, "consent">) => ({
    id: fieldId(name),
    defaultValue: initialValues[name],
    errors: messageOf(name),
    ...register(name),
  });

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
      <FormAlert errors={formError} />
      <input type="hidden" name="source" value={source} />

      <TextField label="Nom et prénom" required autoComplete="name" {...textField("user_name")} />

      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField label="E-mail" required {...textField("user_email")} />
        <PhoneField label="Téléphone" required placeholder="06 12 34 56 78" {...textField("user_phone")} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Type de travaux"
          required
          placeholder="Choisissez…"
          options={WORK_TYPES}
          {...textField("work_type")}
        />
        <SelectField
          label={
            <>
              Budget estimé <span className="font-sans font-normal text-slate-700">(facultatif)</span>
            </>
          }
          placeholder="Non précisé"
          options={BUDGETS}
          {...textField("budget")}
        />
      </div>

      <TextareaField
        label="Description du projet"
        required
        rows={5}
        placeholder="Nature des travaux, surface, adresse du chantier, délais souhaités…"
        controlClassName="min-h-32"
        {...textField("message")}
      />

      <FileField
        ref={fileInput}
        id={fieldId("photos")}
        label={
          <>
            Photos <span className="font-sans font-normal text-slate-700">(facultatif)</span>
          </>
        }
        hint={`Jusqu'à ${PHOTO_MAX_COUNT} photos de 5 Mo maximum chacune (.jpg, .jpeg, .png, .webp).`}
        name="photos"
        multiple
        accept={PHOTO_ACCEPT}
        onChange={addPhotos}
        errors={messageOf("photos")}
        after={
          photos.length > 0 ? (
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
          ) : null
        }
      />

      <CheckboxField
        id={fieldId("consent")}
        required
        label={
          <>
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
            .
          </>
        }
        defaultChecked={initialValues.consent === true}
        errors={messageOf("consent")}
        {...register("consent")}
      />

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
