/** The white panel the Espace Pro's pages group their content in. */
export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
