import { ImageOff, Plus, TriangleAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { TextField } from "#app/components/forms/field.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { BOUTIQUE_TABS, CATALOGUE_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import {
  CATALOGUE_STATUS_LABELS,
  CATALOGUE_STATUS_TONES,
  STOCK_FILTER_LABELS,
} from "#app/features/shop/admin/catalogue-labels.ts";
import { type CatalogueListItem, listCatalogue } from "#app/features/shop/admin/catalogue-list.server.ts";
import { CatalogueStateError } from "#app/features/shop/admin/catalogue-query.server.ts";
import { createProduct } from "#app/features/shop/admin/catalogue-write.server.ts";
import { CatalogueFiltersSchema } from "#app/features/shop/admin/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

/*
 * /erp/boutique/produits — the shop's catalogue as the staff manage it: every product
 * (published, hidden or draft) with its thumbnail, price range, stock and status; search
 * and filters in the URL (a list is a link); a new product starts here as a draft.
 */

export const handle = CATALOGUE_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db, env } = await openList(args, handle.permission, CatalogueFiltersSchema);
  const page = await listCatalogue(db, env.STORE_ID, filters);
  return { ...page, filters, crumb: "Catalogue" };
}

const PATH = "/erp/boutique/produits";
/** The intent of the « Nouveau produit » form. */
const CREATE_INTENT = "creer";

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const { db, env } = getServices(context);
  const form = await request.formData().catch(() => null);
  if (!form) {
    return refused(400, { intent: "", message: "Le formulaire envoyé est illisible : rechargez la page." });
  }
  const intent = String(form.get("intent") ?? "");
  if (intent !== CREATE_INTENT) return refused(400, { intent, message: "Action inconnue." });
  const posted = form.get("title");
  const title = typeof posted === "string" ? posted : "";
  try {
    const { id } = await createProduct(db, env.STORE_ID, title, {
      id: session.user.id,
      email: session.user.email,
    });
    return redirectWithFlash(request, `${PATH}/${id}`, {
      tone: "success",
      message: "Produit créé en brouillon : donnez un prix à sa variante, puis publiez-le.",
    });
  } catch (error) {
    if (error instanceof CatalogueStateError) {
      return refused(400, { intent, field: "title", message: error.message, values: { title } });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Catalogue de la boutique", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

/** « 49,90 € », « 19,90 € – 59,90 € », or « — » without any variant. */
function priceRange(min: number | null, max: number | null): string {
  if (min === null || max === null) return "—";
  return min === max ? formatCents(min) : `${formatCents(min)} – ${formatCents(max)}`;
}

function Thumbnail({ src }: { src: string | null }) {
  // The title is next to it: the image adds nothing a screen reader should hear.
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className="size-12 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-slate-100 text-slate-500"
    >
      <ImageOff className="size-5" />
    </span>
  );
}

const columns: Column<CatalogueListItem>[] = [
  {
    key: "product",
    header: "Produit",
    phone: "title",
    cell: (product) => (
      <div className="flex items-center gap-3">
        <Thumbnail src={product.thumbnail} />
        <Link
          to={`${PATH}/${product.id}`}
          className="min-w-0 font-semibold break-words text-brand-700 underline"
        >
          {product.title}
        </Link>
      </div>
    ),
  },
  {
    key: "price",
    header: "Prix TTC",
    align: "right",
    className: "whitespace-nowrap",
    cell: (product) => priceRange(product.minPriceCents, product.maxPriceCents),
  },
  {
    key: "stock",
    header: "Stock",
    cell: (product) => (
      <div className="grid gap-1">
        <span>{product.stock === null ? "Non suivi" : product.stock}</span>
        {product.lowStock > 0 ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {`${product.lowStock} variante${product.lowStock > 1 ? "s" : ""} en stock bas`}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    key: "variants",
    header: "Variantes",
    align: "right",
    cell: (product) => product.variantCount,
  },
  {
    key: "status",
    header: "Statut",
    cell: (product) => (
      <StatusBadge tone={CATALOGUE_STATUS_TONES[product.status]}>
        {CATALOGUE_STATUS_LABELS[product.status]}
      </StatusBadge>
    ),
  },
];

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, filters } = loaderData;
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === CREATE_INTENT;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const list = listView(PATH, loaderData, ["statut", "stock"]);
  return (
    <div className="grid gap-5">
      <SectionTabs label="Boutique" tabs={BOUTIQUE_TABS} />
      <PageHeader
        title="Catalogue"
        description="Les produits de la boutique en ligne : textes, variantes, prix et stock. Un changement se voit aussitôt sur la boutique."
      />

      <section aria-labelledby="catalogue-nouveau" className={panelClass}>
        <h2 id="catalogue-nouveau" className="mb-3 text-lg font-bold text-brand-900">
          Nouveau produit
        </h2>
        <Form
          method="post"
          key={refusal ? "refus" : "vide"}
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value={CREATE_INTENT} />
          <TextField
            name="title"
            label="Titre du produit"
            hint="Il est créé en brouillon, invisible sur la boutique jusqu'à sa publication."
            required
            maxLength={120}
            autoComplete="off"
            defaultValue={refusal?.values?.title ?? ""}
            errors={refusal?.field === "title" ? [refusal.message] : undefined}
          />
          <button
            type="submit"
            className={buttonClasses("primary", "md", "w-full sm:w-auto")}
            disabled={creating}
          >
            <Plus aria-hidden="true" className="size-4" />
            {creating ? "Création…" : "Créer le brouillon"}
          </button>
        </Form>
        {refusal && refusal.field !== "title" ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {refusal.message}
          </p>
        ) : null}
      </section>

      <ListSearch
        list={list}
        label="Rechercher dans le catalogue"
        searchLabel="Rechercher (titre, sous-titre, nom de variante ou référence)"
      >
        <FilterSelect name="statut" label="Statut" labels={CATALOGUE_STATUS_LABELS} value={filters.statut} />
        <FilterSelect name="stock" label="Stock" labels={STOCK_FILTER_LABELS} value={filters.stock} />
      </ListSearch>

      <ListResults
        list={list}
        noun={["produit", "produits"]}
        noMatch={{
          message: "Aucun produit ne correspond à cette recherche.",
          linkLabel: "Voir tout le catalogue",
        }}
        nothingYet={
          <p>
            Le catalogue est vide. Créez le premier produit avec le formulaire « Nouveau produit » ci-dessus.
          </p>
        }
        caption="Produits du catalogue, dans l'ordre de la boutique"
        table={{
          columns,
          rows: items,
          minWidth: 720,
        }}
      />
    </div>
  );
}
