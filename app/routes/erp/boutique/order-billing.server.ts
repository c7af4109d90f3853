import { saleInvoicing } from "#app/features/invoices/sales.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { OrderBilling } from "#app/features/shop/admin/billing-port.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";

/**
 * The shop's orders invoiced by the invoices feature: the two features meet here, in the
 * routes that serve them (a feature never reaches into another).
 */
export function orderBilling(services: { storage: FileStorage }, now?: () => Date): OrderBilling {
  return saleInvoicing({ storage: services.storage, identity: documentIdentity, now });
}
