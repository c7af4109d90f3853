import { describe, expect, it } from "vitest";
import { deferHydration, LOAD_TIMEOUT_MS } from "./deferred-hydration.server.ts";

/** The shape React Router 8 writes, with lazy route discovery (no manifest import). */
function page({ nonce = "", manifestImport = "" } = {}) {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return [
    '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
    '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
    `<link rel="modulepreload" href="/assets/entry.client.js"${nonceAttribute}/>`,
    `<link rel="modulepreload" href="/assets/framework.js"${nonceAttribute}/>`,
    `<link rel="modulepreload" href="/assets/root.js"${nonceAttribute}/>`,
    "</head><body><main><h1>Accueil</h1></main>",
    `<script${nonceAttribute}>window.__reactRouterContext = {};</script>`,
    `<script${nonceAttribute} type="module" async="">${manifestImport};`,
    'import * as route0 from "/assets/root.js";',
    'import * as route1_clientLoader from "/assets/home-loader.js";',
    'import * as route1_main from "/assets/home.js";',
    "const route1 = {...route1_clientLoader,...route1_main};",
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    "",
    'import("/assets/entry.client.js");</script></body></html>',
  ].join("\n");
}

function moduleScript(html: string) {
  const match = /<script([^>]*type="module"[^>]*)>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("pas de script module");
  return { attributes: match[1] ?? "", code: match[2] ?? "" };
}

describe("deferHydration", () => {
  it("removes the module preloads from the HTML", () => {
    const html = deferHydration(page());
    expect(html).not.toContain('<link rel="modulepreload"');
    // The stylesheet and the page itself are untouched.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain("<main><h1>Accueil</h1></main>");
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("starts the scripts after the load event and the first paint, fetching every module at once", () => {
    const { attributes, code } = moduleScript(deferHydration(page()));
    expect(attributes).not.toContain("async");
    expect(code).toContain('addEventListener("load",go,{once:true})');
    expect(code).toContain('document.readyState==="complete"');
    expect(code).toContain('observe({type:"paint",buffered:true})');
    expect(code).toContain(`setTimeout(start,${LOAD_TIMEOUT_MS})`);
    expect(code).toContain("if(started)return;started=true;");
    const modules = JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(code)?.[1] ?? "[]");
    // Everything the page needs, in parallel; the client entry only after React Router's statements.
    expect(modules).toEqual([
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/home-loader.js",
      "/assets/home.js",
    ]);
  });

  it("imports the route modules dynamically and keeps React Router's own statements", () => {
    const { code } = moduleScript(deferHydration(page()));
    expect(code).not.toMatch(/^\s*import\s+\*/m);
    expect(code).toContain(
      'Promise.all([import("/assets/root.js"),import("/assets/home-loader.js"),import("/assets/home.js")])',
    );
    expect(code).toContain(".then(([route0,route1_clientLoader,route1_main])=>{");
    expect(code).toContain("const route1 = {...route1_clientLoader,...route1_main};");
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(code).toContain('import("/assets/entry.client.js");');
    // Valid JavaScript: a syntax error here would leave the page without behaviour.
    expect(() => new Function(code)).not.toThrow();
  });

  it("keeps the nonce of a page rendered per request", () => {
    const html = deferHydration(page({ nonce: "abc123" }));
    expect(moduleScript(html).attributes).toContain('nonce="abc123"');
  });

  it("also defers a bare manifest import", () => {
    const { code } = moduleScript(deferHydration(page({ manifestImport: 'import "/assets/manifest.js"' })));
    expect(code).toContain('import("/assets/manifest.js")');
    expect(code).not.toContain('import "/assets/manifest.js"');
    expect(() => new Function(code)).not.toThrow();
  });

  it("leaves a document it does not recognise untouched", () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><p>x</p></body></html>';
    expect(deferHydration(plain)).toBe(plain);
    const noImport = '<html><body><script type="module" async="">console.log(1)</script></body></html>';
    expect(deferHydration(noImport)).toBe(noImport);
  });
});
