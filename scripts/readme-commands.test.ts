import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Every command the README shows must run as written on a fresh machine (`npm install`
 * done, whatever Node the machine has). A bare `node scripts/x.ts` runs the machine's
 * Node, which may be 20 and stops at the `.ts` extension (ERR_UNKNOWN_FILE_EXTENSION);
 * `npm run …` and `npx node …` run the Node 24 of devDependencies.
 */

type Package = {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as Package;

/** npm's own commands a README may show; anything else after `npm` is an unknown command. */
const NPM_BUILT_INS = new Set(["install", "i", "ci"]);
/** `npm test`, `npm start`: shorthands for the scripts of the same name. */
const NPM_SCRIPT_SHORTHANDS = new Set(["test", "start", "stop", "restart"]);

/** The code a Markdown text shows: fenced blocks line by line, then inline code spans. */
function codeIn(markdown: string): string[] {
  const fenced: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```\s*$/gm, (_, body: string) => {
    fenced.push(...body.split("\n"));
    return "";
  });
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
  // In a table, `|` inside code is written `\|`.
  return [...fenced, ...inline].map((code) => code.replaceAll("\\|", "|"));
}

/** The commands in a piece of code: split on `&&`, `||`, `;` and `|`, variables set in front removed. */
function commandsIn(code: string): string[][] {
  return (
    code
      .split(/&&|\|\||;|\|/)
      .map((part) =>
        part
          .trim()
          .replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, "")
          .split(/\s+/)
          .filter(Boolean),
      )
      // A lone word (`node`, the package) is a name in the prose, not a command.
      .filter((words) => words.length > 1 && ["npm", "npx", "node"].includes(words[0] ?? ""))
  );
}

function binsOfDependencies(): Set<string> {
  const bins = new Set<string>();
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const file = `node_modules/${name}/package.json`;
    if (!existsSync(file)) continue;
    const { bin } = JSON.parse(readFileSync(file, "utf8")) as { bin?: string | Record<string, string> };
    if (typeof bin === "string") bins.add(name.replace(/^@[^/]+\//, ""));
    else for (const key of Object.keys(bin ?? {})) bins.add(key);
  }
  return bins;
}

/** Why a command would not run as written on a fresh machine, or null when it would. */
function problemWith(words: string[], scripts: Record<string, string>, bins: Set<string>): string | null {
  const [tool, first, second] = words;
  const nodeFile = (args: string[]) => {
    const file = args.find((arg) => !arg.startsWith("-"));
    if (file === undefined) return null;
    return existsSync(file) ? null : `le fichier ${file} n'existe pas`;
  };
  if (tool === "node") {
    return "lance le Node de la machine (20 sur certaines, qui refuse les .ts) : écrire `npm run …` ou `npx node …`";
  }
  if (tool === "npx") {
    if (first === undefined) return "npx sans commande";
    if (first === "node") return nodeFile(words.slice(2));
    return bins.has(first) ? null : `aucune dépendance de package.json ne fournit la commande ${first}`;
  }
  if (first === "run" || first === "run-script") {
    if (second === undefined) return null;
    return second in scripts ? null : `package.json n'a pas de script « ${second} »`;
  }
  if (first !== undefined && NPM_SCRIPT_SHORTHANDS.has(first)) {
    return first in scripts ? null : `package.json n'a pas de script « ${first} »`;
  }
  if (first !== undefined && NPM_BUILT_INS.has(first)) return null;
  return `commande npm inconnue : ${words.join(" ")}`;
}

describe("the README's commands", () => {
  const shown = codeIn(readFileSync("README.md", "utf8")).flatMap(commandsIn);
  const commands = [...new Map(shown.map((words) => [words.join(" "), words])).values()];
  const bins = binsOfDependencies();

  it("finds the commands the README shows", () => {
    const shown = commands.map((words) => words.join(" "));
    expect(shown).toEqual(expect.arrayContaining(["npm install", "npm start", "npm test", "npm run build"]));
  });

  it.each(commands.map((words) => [words.join(" "), words] as const))("%s runs as written", (_, words) => {
    expect(problemWith(words, pkg.scripts, bins)).toBeNull();
  });
});

describe("the README commands check", () => {
  const bins = new Set(["vitest"]);
  const scripts = { start: "…", "bench:static": "…" };
  const problems = (code: string) => commandsIn(code).map((words) => problemWith(words, scripts, bins));

  it("rejects a script, a file or a command that does not exist, and a bare node", () => {
    expect(problems("npm run bench:statique")).toEqual([expect.stringContaining("bench:statique")]);
    expect(problems("npm test")).toEqual([expect.stringContaining("test")]);
    expect(problems("npx node scripts/absent.ts")).toEqual([expect.stringContaining("scripts/absent.ts")]);
    expect(problems("npx playwrite test")).toEqual([expect.stringContaining("playwrite")]);
    expect(problems("node scripts/bench-static.ts")).toEqual([expect.stringContaining("npx node")]);
    expect(problems("npm frobnicate")).toEqual([expect.stringContaining("inconnue")]);
  });

  it("accepts what runs on a fresh machine", () => {
    expect(
      problems(
        "npm install && npm start; npm run bench:static -- --x | npx node --env-file-if-exists=.env scripts/bench-static.ts",
      ),
    ).toEqual([null, null, null, null]);
    expect(problems("TEST_DATABASE_URL=postgres://x npx vitest run")).toEqual([null]);
    expect(problems("apt-get install chromium")).toEqual([]);
  });

  it("reads fenced blocks and inline code, `\\|` in tables included", () => {
    expect(codeIn("a `npm start` b\n```sh\nnpm test\nnode x.ts\n```\n| `npm run x -- a\\|b` |")).toEqual([
      "npm test",
      "node x.ts",
      "",
      "npm start",
      "npm run x -- a|b",
    ]);
  });
});
