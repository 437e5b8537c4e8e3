// Prompt templates and skills: discovery from user and project locations, argument substitution,
// skill blocks as pi builds them, and their get_commands entries.
import "../helpers/isolated-tmp.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expandSlashInput, loadSlashResources, resourceCommands } from "../../../src/agent/extensions/resources.js";
import { expandPromptTemplate, parseCommandArgs, substituteArgs } from "../../../src/agent/extensions/templates.js";

const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "ext-res-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

describe("template arguments", () => {
  it("parses quoted arguments like a shell", () => {
    expect(parseCommandArgs(`Button "onClick handler" 'disabled support'  x`)).toEqual([
      "Button",
      "onClick handler",
      "disabled support",
      "x",
    ]);
    expect(parseCommandArgs("")).toEqual([]);
    expect(parseCommandArgs(`a "" b`)).toEqual(["a", "", "b"]);
  });

  it("substitutes $1, $@, $ARGUMENTS and slices in one pass", () => {
    const args = ["one", "two", "three"];
    expect(substituteArgs("A=$1 B=$2 D=$4", args)).toBe("A=one B=two D=");
    expect(substituteArgs("all: $@ | $ARGUMENTS", args)).toBe("all: one two three | one two three");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: pi's argument placeholders, not a template
    expect(substituteArgs("${@:2} / ${@:1:2}", args)).toBe("two three / one two");
    // Argument text that looks like a placeholder is not substituted again.
    expect(substituteArgs("$1 and $2", ["$2", "x"])).toBe("$2 and x");
  });

  it("expands only a known /name", () => {
    const templates = [
      { name: "component", description: "", content: "Create $1 with: $@", filePath: "/x.md", scope: "user" as const },
    ];
    expect(expandPromptTemplate(`/component Button "click"`, templates)).toBe("Create Button with: Button click");
    expect(expandPromptTemplate("/other thing", templates)).toBe("/other thing");
    expect(expandPromptTemplate("component x", templates)).toBe("component x");
  });
});

describe("slash resources", () => {
  it("loads user and project templates and skills, expands them, and lists them for get_commands", () => {
    const home = tempRoot();
    const cwd = tempRoot();
    write(join(home, "prompts", "review.md"), "---\ndescription: Review staged changes\n---\nReview $1 carefully.\n");
    write(join(home, "prompts", "nodesc.md"), "\n\nFirst line is the description\nmore\n");
    write(join(cwd, ".agent-tui", "prompts", "review.md"), "---\ndescription: shadowed\n---\nproject version\n");
    write(join(cwd, ".agent-tui", "prompts", "fix-tests.md"), '---\ndescription: "Fix failing tests"\n---\nFix: $@\n');
    write(
      join(home, "skills", "brave-search", "SKILL.md"),
      "---\nname: brave-search\ndescription: Web search via Brave\n---\n# Brave\nRun ./search.js\n",
    );
    write(
      join(cwd, ".agent-tui", "skills", "nested", "pdf", "SKILL.md"),
      "---\ndescription: PDF tools\n---\nUse pdftotext.\n",
    );
    write(join(cwd, ".agent-tui", "skills", "broken", "SKILL.md"), "---\nname: broken\n---\nno description\n");
    const warnings: string[] = [];
    const resources = loadSlashResources({ home, cwd }, (m) => warnings.push(m));

    expect(resources.templates.map((t) => t.name).sort()).toEqual(["fix-tests", "nodesc", "review"]);
    expect(resources.templates.find((t) => t.name === "review")?.description).toBe("Review staged changes");
    expect(resources.templates.find((t) => t.name === "nodesc")?.description).toBe("First line is the description");
    expect(resources.skills.map((s) => s.name).sort()).toEqual(["brave-search", "pdf"]);
    expect(warnings.some((w) => w.includes("broken") && w.includes("description"))).toBe(true);

    const errors: string[] = [];
    const onError = (path: string, event: string) => errors.push(`${event}:${path}`);
    expect(expandSlashInput("/review parser.ts", resources, onError)).toBe("Review parser.ts carefully.");
    expect(expandSlashInput("/fix-tests a b", resources, onError)).toBe("Fix: a b");
    const skillPath = join(home, "skills", "brave-search", "SKILL.md");
    expect(expandSlashInput("/skill:brave-search find pi docs", resources, onError)).toBe(
      `<skill name="brave-search" location="${skillPath}">\nReferences are relative to ${join(home, "skills", "brave-search")}.\n\n# Brave\nRun ./search.js\n</skill>\n\nfind pi docs`,
    );
    expect(expandSlashInput("/skill:pdf", resources, onError)).toMatch(
      /^<skill name="pdf" [^\n]*>\n[^\n]*\n\nUse pdftotext\.\n<\/skill>$/,
    );
    expect(expandSlashInput("/skill:unknown x", resources, onError)).toBe("/skill:unknown x");
    expect(expandSlashInput("/no-such-command some args", resources, onError)).toBe("/no-such-command some args");
    expect(errors).toEqual([]);

    const commands = resourceCommands(resources);
    expect(commands.find((c) => c.name === "fix-tests")).toEqual({
      name: "fix-tests",
      description: "Fix failing tests",
      source: "prompt",
      location: "project",
      path: join(cwd, ".agent-tui", "prompts", "fix-tests.md"),
      sourceInfo: {
        path: join(cwd, ".agent-tui", "prompts", "fix-tests.md"),
        source: "local",
        scope: "project",
        origin: "top-level",
      },
    });
    expect(commands.find((c) => c.name === "skill:brave-search")).toMatchObject({
      source: "skill",
      location: "user",
      path: skillPath,
    });
    // Templates before skills.
    expect(commands.findIndex((c) => c.source === "skill")).toBeGreaterThan(
      commands.findLastIndex((c) => c.source === "prompt"),
    );
  });

  it("reports a skill that cannot be read at expansion time and leaves the text unchanged", () => {
    const home = tempRoot();
    write(join(home, "skills", "gone", "SKILL.md"), "---\ndescription: will vanish\n---\nbody\n");
    const resources = loadSlashResources({ home, cwd: tempRoot() }, () => {});
    rmSync(join(home, "skills", "gone", "SKILL.md"));
    const errors: string[] = [];
    expect(expandSlashInput("/skill:gone now", resources, (path, event) => errors.push(`${event}:${path}`))).toBe(
      "/skill:gone now",
    );
    expect(errors).toEqual([`skill_expansion:${join(home, "skills", "gone", "SKILL.md")}`]);
  });
});
