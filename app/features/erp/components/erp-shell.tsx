import {
  ChevronDown,
  ChevronRight,
  CircleUserRound,
  LogOut,
  Menu,
  Settings,
  ShoppingBag,
  UsersRound,
  X,
} from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link, NavLink, useFetcher, useLocation, useMatches, useNavigation } from "react-router";
import { useFocusHashTarget } from "#app/components/data/problem-list.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { DropdownMenu } from "#app/components/ui/dropdown-menu.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import type { Flash } from "#app/lib/flash.ts";
import { ERP_SECTIONS, type ErpSection, isErpHandle, isPathWithin, WORKER_SECTIONS } from "../navigation.ts";

export type ShellUser = { email: string; role: "owner" | "staff" | "compagnon" };

type SignOutResult = { ok: true } | { ok: false; message: string };

const SIGN_OUT_FAILURE = "Échec de la déconnexion";
const GENERIC_ERROR = "Une erreur est survenue.";

function SideNav({ label, sections }: { label: string; sections: readonly ErpSection[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {sections.map((section) => (
          <li key={section.href}>
            <NavLink
              to={section.href}
              end={section.href === "/erp"}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-3 font-semibold transition-colors ${
                  isActive || section.also?.some((prefix) => isPathWithin(pathname, prefix))
                    ? "bg-brand-700 text-white"
                    : "text-brand-900 hover:bg-brand-50"
                }`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Breadcrumb() {
  const matches = useMatches();
  const deepest = [...matches].reverse().find((match) => isErpHandle(match.handle));
  const handle = deepest && isErpHandle(deepest.handle) ? deepest.handle : undefined;
  const data = deepest?.loaderData as { crumb?: string; section?: string } | undefined;
  const trail: { label: string; href?: string }[] = [{ label: "Espace Pro", href: "/erp" }];
  const section = data?.section ?? handle?.section;
  if (section) trail.push({ label: section, href: data?.crumb ? handle?.sectionHref : undefined });
  if (data?.crumb) trail.push({ label: data.crumb });
  return (
    <nav aria-label="Fil d'Ariane" className="min-w-0">
      {/* One line on a phone: the current page is cut short rather than wrapped under the menus. */}
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm max-sm:flex-nowrap">
        {trail.map((item, index) => {
          const last = index === trail.length - 1;
          return (
            // On a phone only the parent and the current page show, the parent whole
            // (before, every item truncated and the trail shrank to a lone chevron).
            <li
              key={item.href ?? `courant-${item.label}`}
              className={`flex items-center gap-1 ${last ? "min-w-0" : "shrink-0"} ${
                index < trail.length - 2 ? "max-sm:hidden" : ""
              }`}
            >
              {index > 0 ? (
                <ChevronRight
                  aria-hidden="true"
                  className={`size-4 shrink-0 text-slate-500 ${index === trail.length - 2 ? "max-sm:hidden" : ""}`}
                />
              ) : null}
              {last ? (
                <span aria-current="page" className="truncate font-semibold text-brand-900">
                  {item.label}
                </span>
              ) : item.href ? (
                <Link to={item.href} className="truncate text-brand-700 underline-offset-2 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className="truncate">{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * « Déconnexion » posts this one form, from the header's button on a wide screen or from
 * the account menu on a phone; the fetcher lives in the frame, so the menu closing does not
 * lose the answer.
 */
function useSignOut() {
  const fetcher = useFetcher<SignOutResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      // A full page load: nothing of the Espace Pro stays in the browser's memory.
      window.location.replace("/erp");
    } else {
      toast({
        title: SIGN_OUT_FAILURE,
        description: fetcher.data.message || GENERIC_ERROR,
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

type SignOutFetcher = ReturnType<typeof useSignOut>;

function SignOutButton({
  fetcher,
  formRef,
}: {
  fetcher: SignOutFetcher;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const busy = fetcher.state !== "idle";
  return (
    // On a phone the account menu submits it (the header keeps only what fits).
    <fetcher.Form ref={formRef} method="post" action="/erp/logout" className="max-sm:hidden">
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border-2 border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Déconnexion
      </button>
    </fetcher.Form>
  );
}

/** An entry of an account menu: 44 px high, tinted when highlighted, outlined when the keyboard reaches it. */
const menuItemClass =
  "flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-900 focus-visible:-outline-offset-3 data-[highlighted]:bg-brand-50";

/** The owner's entries of the account menu: the shop, the team's accounts, the company settings. */
function OwnerMenuItems() {
  return (
    <>
      <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-600">Gérant</DropdownMenu.Label>
      <DropdownMenu.Item asChild>
        <Link to="/erp/boutique/commandes" className={menuItemClass}>
          <ShoppingBag aria-hidden="true" className="size-4" />
          Boutique
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link to="/erp/comptes" className={menuItemClass}>
          <UsersRound aria-hidden="true" className="size-4" />
          Comptes de l'équipe
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Item asChild>
        <Link to="/erp/parametres" className={menuItemClass}>
          <Settings aria-hidden="true" className="size-4" />
          Paramètres de l'entreprise
        </Link>
      </DropdownMenu.Item>
    </>
  );
}

const menuContentClass =
  "z-50 min-w-56 max-w-(--radix-dropdown-menu-content-available-width) rounded-xl border border-slate-200 bg-white p-1 shadow-lg";

/**
 * On a phone, the whole account behind one button: the signed-in e-mail, the owner's
 * entries, and « Déconnexion » (which submits the header's form).
 */
function PhoneAccountMenu({
  user,
  onSignOut,
  container,
}: {
  user: ShellUser;
  onSignOut: () => void;
  container: HTMLElement | null;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Menu du compte ${user.email}`}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 sm:hidden"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content align="end" sideOffset={6} collisionPadding={8} className={menuContentClass}>
          <DropdownMenu.Label className="px-3 py-2 text-sm">
            <span className="block text-xs text-slate-600">Connecté en tant que</span>
            <span className="block font-semibold break-all text-brand-900">{user.email}</span>
          </DropdownMenu.Label>
          {user.role === "owner" ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <OwnerMenuItems />
            </>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item onSelect={onSignOut} className={`${menuItemClass} cursor-pointer`}>
            <LogOut aria-hidden="true" className="size-4" />
            Déconnexion
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** On a wide screen, the signed-in e-mail; for owners, a menu with the shop, the team's accounts and the company settings. */
function UserMenu({ user, container }: { user: ShellUser; container: HTMLElement | null }) {
  if (user.role !== "owner") {
    return (
      <p className="hidden truncate text-sm text-slate-700 sm:block">
        <span className="sr-only">Connecté en tant que </span>
        {user.email}
      </p>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Menu du compte ${user.email}`}
        className="inline-flex min-h-11 max-w-64 items-center gap-1 rounded-lg px-2 text-sm text-slate-700 hover:bg-brand-50 max-sm:hidden"
      >
        <span className="truncate">{user.email}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          <OwnerMenuItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The frame of every signed-in Espace Pro page: the seven-entry side menu (fixed on
 * large screens, a slide-over drawer on small ones), the breadcrumb, the signed-in
 * e-mail and « Déconnexion » (on a phone, both in the account menu).
 */
const flashTones: Record<Flash["tone"], string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-brand-200 bg-brand-50 text-brand-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

export function ErpShell({
  user,
  flash,
  children,
}: {
  user: ShellUser;
  /** What the last action said before its redirect (read once by the layout). */
  flash?: Flash | null;
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A site worker has one entry: their own sites.
  const sections = user.role === "compagnon" ? WORKER_SECTIONS : ERP_SECTIONS;
  const signOut = useSignOut();
  const signOutForm = useRef<HTMLFormElement>(null);
  // The account menus open inside the frame, within the page's landmarks, not at the end of <body>.
  const [menuContainer, setMenuContainer] = useState<HTMLDivElement | null>(null);
  const location = useLocation();
  const navigation = useNavigation();
  // The drawer closes on every page change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname, location.search]);
  // A link to « /page#field » (what is missing, and where) lands on the field itself.
  useFocusHashTarget();

  return (
    <div ref={setMenuContainer} className="min-h-dvh bg-slate-50">
      <div className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center px-5">
          <Link to="/erp" className="font-heading text-lg font-extrabold text-brand-900">
            Espace Pro
          </Link>
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-6">
          <SideNav label="Menu de l'Espace Pro" sections={sections} />
        </div>
        <div className="border-t border-slate-200 px-5 py-4 text-sm">
          <Link to="/" className="text-brand-700 underline">
            Retour au site
          </Link>
        </div>
      </div>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-brand-900/50 lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl outline-none lg:hidden">
            <div className="flex h-16 items-center justify-between px-4">
              <Dialog.Title className="font-heading text-lg font-extrabold text-brand-900">
                Espace Pro
              </Dialog.Title>
              <Dialog.Close
                aria-label="Fermer le menu"
                className="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Sections de l'Espace Pro</Dialog.Description>
            <div className="flex-1 overflow-y-auto px-3 pb-6">
              <SideNav label="Menu de l'Espace Pro (mobile)" sections={sections} />
            </div>
            <p className="truncate border-t border-slate-200 px-5 py-4 text-sm text-slate-700">
              {user.email}
            </p>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
            <span className="sr-only">Ouvrir le menu</span>
          </button>
          <div className="min-w-0 flex-1">
            <Breadcrumb />
          </div>
          <UserMenu user={user} container={menuContainer} />
          <SignOutButton fetcher={signOut} formRef={signOutForm} />
          <PhoneAccountMenu
            user={user}
            onSignOut={() => signOutForm.current?.requestSubmit()}
            container={menuContainer}
          />
        </header>
        {navigation.state === "loading" ? (
          <div role="status" className="h-1 w-full animate-pulse bg-accent-500">
            <span className="sr-only">Chargement…</span>
          </div>
        ) : null}
        <div className="mx-auto w-full max-w-7xl px-3 py-6 sm:px-6">
          {flash ? (
            <p
              role="status"
              className={`mb-4 rounded-lg border p-3 font-semibold ${flashTones[flash.tone]}`}
              data-flash={flash.tone}
            >
              {flash.message}
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}
