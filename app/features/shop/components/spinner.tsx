import { LoaderCircle } from "lucide-react";

/** A spinner that says what is loading to assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-brand-800">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
      <span className="font-semibold">{label}</span>
    </div>
  );
}
