// Skills: directories holding a SKILL.md (and root-level .md files), invoked as `/skill:<name> args`
// and expanded the way pi does: a <skill> block with the body, then the arguments.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseFrontMatter } from "./frontmatter.js";

export interface Skill {
  name: string;
  description: string;
  filePath: string;
  baseDir: string;
  scope: "user" | "project";
}

export interface SkillDir {
  dir: string;
  scope: "user" | "project";
}

const MAX_DEPTH = 6;

function readSkill(
  filePath: string,
  fallbackName: string,
  scope: Skill["scope"],
  warn: (m: string) => void,
): Skill | undefined {
  const { fields } = parseFrontMatter(readFileSync(filePath, "utf8"));
  const description = fields.description?.trim();
  // pi loads no skill without a description: the model could not know when to use it.
  if (!description) {
    warn(`skill ${filePath} skipped: no description in its front matter`);
    return undefined;
  }
  return { name: fields.name?.trim() || fallbackName, description, filePath, baseDir: dirname(filePath), scope };
}

function scan(
  dir: string,
  scope: Skill["scope"],
  depth: number,
  root: boolean,
  out: Skill[],
  warn: (m: string) => void,
): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (error) {
    warn(`skills directory ${dir} unreadable: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (!root && names.includes("SKILL.md")) {
    const skill = readSkill(join(dir, "SKILL.md"), basename(dir), scope, warn);
    if (skill) out.push(skill);
    return;
  }
  for (const name of names) {
    if (name.startsWith(".") || name === "node_modules") continue;
    const full = join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory() && depth < MAX_DEPTH) scan(full, scope, depth + 1, false, out, warn);
    else if (root && stat.isFile() && name.endsWith(".md")) {
      const skill = readSkill(full, basename(name, ".md"), scope, warn);
      if (skill) out.push(skill);
    }
  }
}

/** An earlier directory wins a name collision (pi keeps the first and warns). */
export function loadSkills(dirs: readonly SkillDir[], warn: (message: string) => void = () => {}): Skill[] {
  const found: Skill[] = [];
  for (const { dir, scope } of dirs) {
    if (existsSync(dir) && statSync(dir).isDirectory()) scan(dir, scope, 0, true, found, warn);
  }
  const byName = new Map<string, Skill>();
  for (const skill of found) {
    if (byName.has(skill.name))
      warn(
        `skill "${skill.name}" at ${skill.filePath} ignored: already defined by ${byName.get(skill.name)?.filePath}`,
      );
    else byName.set(skill.name, skill);
  }
  return [...byName.values()];
}

export type SkillExpansion =
  | { text: string; error?: undefined }
  | { text: string; error: { path: string; message: string } };

/** `/skill:name args` → the skill block (+ args); unknown skills and other text pass through. */
export function expandSkillCommand(text: string, skills: readonly Skill[]): SkillExpansion {
  if (!text.startsWith("/skill:")) return { text };
  const space = text.search(/\s/);
  const name = space === -1 ? text.slice(7) : text.slice(7, space);
  const args = space === -1 ? "" : text.slice(space + 1).trim();
  const skill = skills.find((s) => s.name === name);
  if (!skill) return { text };
  try {
    const body = parseFrontMatter(readFileSync(skill.filePath, "utf8")).body.trim();
    const block =
      `<skill name="${skill.name}" location="${skill.filePath}">\n` +
      `References are relative to ${skill.baseDir}.\n\n${body}\n</skill>`;
    return { text: args ? `${block}\n\n${args}` : block };
  } catch (error) {
    return { text, error: { path: skill.filePath, message: error instanceof Error ? error.message : String(error) } };
  }
}
