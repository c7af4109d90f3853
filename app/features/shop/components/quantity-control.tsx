import { Minus, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { MAX_QUANTITY } from "../limits.ts";

/**
 * A quantity with minus and plus buttons; never below 1. The field can be typed
 * in too; what is typed counts once it is a whole number of at least 1.
 */
export function QuantityControl({
  id,
  value,
  onChange,
  max = MAX_QUANTITY,
  label,
  subject,
  compact = false,
}: {
  id: string;
  value: number;
  onChange: (value: number) => void;
  max?: number;
  /** Visible label of the field. */
  label: string;
  /** What the buttons act on, for their accessible names (« du casque »...). */
  subject?: string;
  compact?: boolean;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const clamp = (next: number) => Math.min(Math.max(1, next), Math.max(1, max));
  const suffix = subject ? ` : ${subject}` : "";
  const button = `inline-flex ${compact ? "size-11" : "size-12"} items-center justify-center rounded-lg border-2 border-brand-700 bg-white text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400`;

  return (
    <div>
      <label
        htmlFor={id}
        className={compact ? "sr-only" : "mb-1 block font-heading text-sm font-semibold text-brand-900"}
      >
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= 1}
          aria-controls={id}
        >
          <Minus aria-hidden="true" className="size-4" />
          <span className="sr-only">Diminuer la quantité{suffix}</span>
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const raw = event.target.value.replace(/\D/g, "").slice(0, 3);
            setText(raw);
            const parsed = Number.parseInt(raw, 10);
            if (Number.isInteger(parsed) && parsed >= 1) onChange(clamp(parsed));
          }}
          onBlur={() => setText(String(value))}
          className={`${compact ? "w-14" : "w-16"} min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-center text-base font-semibold text-ink focus-visible:border-brand-700`}
        />
        <button
          type="button"
          className={button}
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
          aria-controls={id}
        >
          <Plus aria-hidden="true" className="size-4" />
          <span className="sr-only">Augmenter la quantité{suffix}</span>
        </button>
      </div>
    </div>
  );
}
