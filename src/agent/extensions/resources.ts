// Slash resources besides extension commands: prompt templates and skills from the user
// ($AGENT_TUI_HOME/prompts, /skills) and project (.agent-tui/prompts, /skills) locations,
// their expansion (skills first, then templates, as pi) and their get_commands entries.
import { join } from "node:path";
import type { CommandInfo } from "./api.js";
import { expandSkillCommand, loadSkills, type Skill } from "./skills.js";
import { expandPromptTemplate, loadPromptTemplates, type PromptTemplate } from "./templates.js";

export interface SlashResources {
  templates: PromptTemplate[];
  skills: Skill[];
}

export interface ResourceLocations {
  home: string | undefined;
  cwd: string;
}

export function loadSlashResources(where: ResourceLocations, warn: (message: string) => void): SlashResources {
  const user = where.home;
  const project = join(where.cwd, ".agent-tui");
  const templateDirs = [
    ...(user ? [{ dir: join(user, "prompts"), scope: "user" as const }] : []),
    { dir: join(project, "prompts"), scope: "project" as const },
  ];
  const skillDirs = [
    ...(user ? [{ dir: join(user, "skills"), scope: "user" as const }] : []),
    { dir: join(project, "skills"), scope: "project" as const },
  ];
  return { templates: loadPromptTemplates(templateDirs, warn), skills: loadSkills(skillDirs, warn) };
}

/**
 * Expands `/skill:name args` and `/template args`; other text is returned unchanged.
 * A skill file that cannot be read reports through onError and leaves the text as typed.
 */
export function expandSlashInput(
  text: string,
  resources: SlashResources,
  onError: (path: string, event: string, message: string) => void,
): string {
  const skill = expandSkillCommand(text, resources.skills);
  if (skill.error) onError(skill.error.path, "skill_expansion", skill.error.message);
  return expandPromptTemplate(skill.text, resources.templates);
}

/** get_commands entries for templates then skills (extensions come first, from the host). */
export function resourceCommands(resources: SlashResources): CommandInfo[] {
  const templates: CommandInfo[] = resources.templates.map((t) => ({
    name: t.name,
    description: t.description,
    source: "prompt",
    location: t.scope,
    path: t.filePath,
    sourceInfo: { path: t.filePath, source: "local", scope: t.scope, origin: "top-level" },
  }));
  const skills: CommandInfo[] = resources.skills.map((s) => ({
    name: `skill:${s.name}`,
    description: s.description,
    source: "skill",
    location: s.scope,
    path: s.filePath,
    sourceInfo: { path: s.filePath, source: "local", scope: s.scope, origin: "top-level", baseDir: s.baseDir },
  }));
  return [...templates, ...skills];
}
