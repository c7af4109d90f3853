/** Whether an address belongs to the Espace Pro (/erp and below), which has its own frame. */
export function isErpPath(pathname: string): boolean {
  return pathname === "/erp" || pathname.startsWith("/erp/");
}
