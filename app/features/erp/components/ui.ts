/** Class names shared by the Espace Pro's forms and panels. */
export const inputClass =
  "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm " +
  "focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-1 aria-[invalid=true]:border-red-700";
export const labelClass = "mb-1 block text-sm font-semibold text-brand-900";
export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
export const errorTextClass = "mt-1 text-sm font-medium text-red-800";
