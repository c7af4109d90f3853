/** Whether an address belongs to the Espace Pro (/erp and below), which has its own frame. */
export function isErpPath(pathname: string): boolean {
  return pathname === "/erp" || pathname.startsWith("/erp/");
}

/**
 * Whether an address is a client's signing page: a sent quote (/accord/{token}) or a PV de
 * réception (/reception/{token}). Its own sober frame, no tracker ever, whatever the
 * visitor consented to on the site.
 */
export function isQuoteAgreementPath(pathname: string): boolean {
  return pathname.startsWith("/accord/") || pathname.startsWith("/reception/");
}
