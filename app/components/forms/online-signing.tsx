import { Form } from "react-router";
import { TextField } from "#app/components/forms/field.tsx";
import { SignaturePad } from "#app/components/forms/signature-pad.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";

/*
 * The client's side of a document signed online (the quote's acceptance on /accord/{token},
 * a PV on /reception/{token}; the server side is app/lib/online-signing.server.ts): the
 * form that e-mails the six-digit code, and the signer's fields (name, drawn signature,
 * code) that go inside each page's own signing form.
 */

/** « Recevoir mon code par e-mail », then « Renvoyer un code » and where it went. */
export function SigningCodeRequest({
  intent,
  pending,
  codeSent,
}: {
  intent: string;
  /** The intent being posted, or null when nothing is. */
  pending: string | null;
  /** The masked address the last code went to, or null before any. */
  codeSent: string | null;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClasses("secondary", "md")} disabled={pending !== null}>
        {pending === intent
          ? "Envoi du code…"
          : codeSent
            ? "Renvoyer un code"
            : "Recevoir mon code par e-mail"}
      </button>
      {codeSent ? (
        <p role="status" className="text-sm font-semibold text-green-900">
          Code envoyé à {codeSent} : il est valable 10 minutes.
        </p>
      ) : null}
    </Form>
  );
}

/** The signer's name, the optional drawn signature and the code, with their refusals. */
export function SignerFields({ fieldError }: { fieldError: (field: string) => string[] | undefined }) {
  return (
    <>
      <TextField
        name="name"
        label="Vos nom et prénom"
        autoComplete="name"
        required
        maxLength={120}
        errors={fieldError("name")}
      />
      <SignaturePad
        name="signature"
        label="Signature (facultative) : dessinez-la avec le doigt ou la souris"
      />
      <TextField
        name="code"
        label="Code reçu par e-mail"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        errors={fieldError("code")}
      />
    </>
  );
}
