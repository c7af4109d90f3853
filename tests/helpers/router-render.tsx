import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { type ActionFunction, createRoutesStub } from "react-router";
import { decodeHtml } from "./html.ts";

/** What the stub route shows: the node under test, passed through context. */
const Under = createContext<ReactNode>(null);
function Page() {
  return useContext(Under);
}

type RouteOptions = {
  /** The route's pattern (`/erp/devis/:id`); `/` by default. */
  path?: string;
  /** The URL opened; the pattern itself by default. */
  url?: string;
  /** The route's action, for a component whose <Form> posts. */
  action?: ActionFunction;
};

/**
 * Server-renders a piece of screen inside a data router, as the Espace Pro does (a <Form>,
 * a <Link> or a blocker needs one), and returns the HTML without React's `<!-- -->`
 * text separators, which are not part of what a browser reads.
 */
export function renderInRouter(
  node: ReactNode,
  { path = "/", url = path, action }: RouteOptions = {},
): string {
  const Stub = createRoutesStub([action ? { path, Component: Page, action } : { path, Component: Page }]);
  return renderToString(
    <Under.Provider value={node}>
      <Stub initialEntries={[url]} />
    </Under.Provider>,
  ).replaceAll("<!-- -->", "");
}

/** The text a reader sees in server-rendered HTML: tags as spaces, entities decoded, spaces collapsed. */
export const visibleText = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
