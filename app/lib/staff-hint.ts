import { useEffect, useState } from "react";

/**
 * A harmless hint, readable by scripts, that this browser holds an Espace Pro session:
 * set at sign-in, removed at sign-out. It carries no session data (the session itself is
 * an HttpOnly cookie); it only lets prerendered public pages point the account icon at
 * /erp instead of /erp/login without asking the server.
 */
export const STAFF_HINT_COOKIE = "erp_hint";

export function hasStaffHint(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${STAFF_HINT_COOKIE}=1`);
}

/** After hydration: whether the hint cookie is present (false while rendering on the server). */
export function useStaffHint(): boolean {
  const [hinted, setHinted] = useState(false);
  useEffect(() => {
    setHinted(hasStaffHint(document.cookie));
  }, []);
  return hinted;
}
