/**
 * Public pages are whole without JavaScript: prerendered or server-rendered HTML,
 * real links, forms that post. Their scripts only add behaviour (the quote modal,
 * the carousel, the cart), so they are fetched once the page has loaded: on a slow
 * phone connection the HTML, the stylesheet, the fonts and the hero picture get
 * the bandwidth first, and the page paints before 160 KB of JavaScript arrive
 * (decision 009).
 *
 * React Router writes one `<link rel="modulepreload">` per module in <head> and an
 * inline module script at the end of <body> that imports the route modules
 * statically, then the client entry. This rewrites both: the preloads leave the
 * HTML, and the inline script, with the same attributes (nonce included), waits
 * for the `load` event and the first contentful paint, then imports every module
 * the page needs in parallel (the client entry excepted), and runs the rest of
 * React Router's script unchanged once the route modules are in; that rest ends by
 * importing the client entry, which hydrates.
 *
 * When the markup is not the expected shape (a React Router upgrade), the HTML is
 * returned untouched, so the page still works; a test on the built pages fails.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const INLINE_MODULE =
  /<script((?:\s+[\w-]+(?:="[^"]*")?)*?)\s+type="module"\s+async=""((?:\s+[\w-]+(?:="[^"]*")?)*)>([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"\n]+")\s*;?/gm;

/** When `load` has not come by then (a stalled request), the scripts start anyway. */
export const LOAD_TIMEOUT_MS = 10_000;

/** Rewrites a document's React Router scripts so they start after `load`. */
export function deferHydration(html: string): string {
  const script = INLINE_MODULE.exec(html);
  if (!script) return html;
  const [whole, before = "", after = "", body = ""] = script;

  const imports: { name: string | undefined; specifier: string }[] = [];
  const rest = body.replace(STATIC_IMPORT, (_match, name: string | undefined, specifier: string) => {
    imports.push({ name, specifier });
    return "";
  });
  // Nothing to defer, or a shape this function does not know: leave the page as it is.
  if (imports.length === 0 || !/\bimport\(/.test(rest)) return html;

  const preloads = new Set<string>();
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_match, href: string) => {
    preloads.add(href);
    return "";
  });
  for (const { specifier } of imports) preloads.add(JSON.parse(specifier) as string);

  const names = imports.map(({ name }, index) => name ?? `_unused${index}`);
  // The client entry hydrates as soon as it runs: it comes last, from React Router's own statements.
  const entries = new Set(
    [...rest.matchAll(/\bimport\(("[^"\n]+")\)/g)].map((match) => JSON.parse(match[1] ?? '""') as string),
  );
  const dependencies = [...preloads].filter((href) => !entries.has(href));
  const loader = [
    "let started=false;",
    "const start=()=>{",
    "if(started)return;started=true;",
    `for(const href of ${JSON.stringify(dependencies)})import(href);`,
    `Promise.all([${imports.map(({ specifier }) => `import(${specifier})`).join(",")}])`,
    `.then(([${names.join(",")}])=>{${rest}});`,
    "};",
    // After the first contentful paint (where paint timing exists), then one more frame.
    "const painted=(next)=>{",
    'if(!(PerformanceObserver.supportedEntryTypes||[]).includes("paint")||performance.getEntriesByName("first-contentful-paint").length)return next();',
    'const observer=new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();next();}});',
    'observer.observe({type:"paint",buffered:true});',
    "};",
    "const go=()=>painted(()=>requestAnimationFrame(()=>setTimeout(start)));",
    'if(document.readyState==="complete")go();else{addEventListener("load",go,{once:true});',
    // A request that never ends would hold `load` back: the page becomes interactive anyway.
    `setTimeout(start,${LOAD_TIMEOUT_MS});}`,
  ].join("");

  return withoutPreloads.replace(whole, () => `<script${before} type="module"${after}>${loader}</script>`);
}
