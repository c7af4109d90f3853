import { type ReactNode, useEffect, useRef } from "react";
import { type ErrorsInput, errorList } from "./field-errors.ts";

/**
 * The props of an alert's box: read out at once (`role="alert"`), focusable, and taking
 * the focus when its text (`key`) appears or changes, if `focus`.
 */
export function useAlertProps(key: string, focus = true) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus && key) ref.current?.focus();
  }, [focus, key]);
  return { ref, role: "alert", tabIndex: -1 } as const;
}

/**
 * What went wrong with the whole form (not one field): read out at once
 * (`role="alert"`) and focusable, so a form can move the focus onto it (`focus`).
 * Renders nothing without a message.
 */
export function FormAlert({
  title,
  errors,
  id,
  focus = false,
  className,
}: {
  /** A bold lead-in before the message (« Échec de la connexion »). */
  title?: ReactNode;
  errors: ErrorsInput;
  id?: string;
  /** Move the focus onto the alert when it appears or its message changes. */
  focus?: boolean;
  className?: string;
}) {
  const messages = errorList(errors);
  const alert = useAlertProps(messages.join("\n"), focus);
  if (messages.length === 0) return null;
  return (
    <div
      {...alert}
      id={id}
      className={
        "grid gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800 " +
        (className ?? "")
      }
    >
      {messages.map((message, index) => (
        <p key={message}>
          {title && index === 0 ? (
            <>
              <strong>{title}</strong> — {message}
            </>
          ) : (
            message
          )}
        </p>
      ))}
    </div>
  );
}
