/*
 * What every page inside the Espace Pro frame exports alike, re-exported by each route
 * module: the error page drawn inside the frame, and no reload of the page's data when
 * the form posted is the logout.
 */
export { ErpPageErrorBoundary as ErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
export { erpShouldRevalidate as shouldRevalidate } from "#app/features/erp/navigation.ts";
