// The command to come back to a detached session, as agent-tui was started: its name on PATH
// only when that is this program, else node and the script, quoted for a shell.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { comeBackCommand, shellWord } from "../../../src/tui/live/come-back.js";
import { askQuitWhileWorking, detachedHint } from "../../../src/tui/live/live-commands.js";
import { createPickerHost } from "../../../src/tui/pickers/picker-host.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "come-back-"));
  mkdirSync(join(root, "repo", "bin"), { recursive: true });
  mkdirSync(join(root, "path"));
  writeFileSync(join(root, "repo", "bin", "agent-tui.js"), "");
  writeFileSync(join(root, "node"), "");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the come-back command", () => {
  it("is node and the script as run (relative inside the folder), with the --agent given", () => {
    const script = join(root, "repo", "bin", "agent-tui.js");
    const inv = {
      argv: [join(root, "node"), script, "--agent", "ssh devbox agent-rpc"],
      execPath: join(root, "node"),
      cwd: join(root, "repo"),
      pathEnv: join(root, "path"),
    };
    expect(comeBackCommand(inv, "01a24f12-107f-4e2b")).toBe(
      `${join(root, "node")} bin/agent-tui.js attach 01a24f12-107f --agent 'ssh devbox agent-rpc'`,
    );
    // node on PATH is this node: its name is enough; outside the folder the script is absolute.
    symlinkSync(join(root, "node"), join(root, "path", "node"));
    expect(
      comeBackCommand({ ...inv, argv: inv.argv.slice(0, 2), cwd: root.replace(/\/?$/, "/elsewhere") }, "01a24f12-107f"),
    ).toBe(`node ${script} attach 01a24f12-107f`);
  });

  it("is `agent-tui` when that name on PATH is this program", () => {
    const script = join(root, "repo", "bin", "agent-tui.js");
    symlinkSync(script, join(root, "path", "agent-tui"));
    const inv = {
      argv: ["/usr/bin/node", join(root, "path", "agent-tui")],
      execPath: "/usr/bin/node",
      cwd: root,
      pathEnv: join(root, "path"),
    };
    expect(comeBackCommand(inv, "01a24f12-107f")).toBe("agent-tui attach 01a24f12-107f");
    expect(comeBackCommand({ ...inv, argv: ["/usr/bin/node", script] }, "01a24f12-107f")).toBe(
      "agent-tui attach 01a24f12-107f",
    );
  });

  it("quotes words for a shell and escapes control characters instead of printing them", () => {
    expect(shellWord("bin/agent-tui.js")).toBe("bin/agent-tui.js");
    expect(shellWord("my dir/it's")).toBe(`'my dir/it'\\''s'`);
    expect(shellWord("a\u001b]0;x\u0007b")).toBe("$'a\\x1b]0;x\\x07b'");
  });

  it("the quit question names the command the detach line prints, with the session's short id", async () => {
    const script = join(root, "repo", "bin", "agent-tui.js");
    const inv = { argv: ["/usr/bin/node", script], execPath: "/usr/bin/node", cwd: join(root, "repo"), pathEnv: "" };
    const host = createPickerHost(createStore(createInitialState(80, 24), { frameMs: 0 }));
    const asked = askQuitWhileWorking(host, "01a24f12-107f-4e2b", inv);
    const detail = host.state()?.items.find((item) => item.id === "detach")?.detail;
    host.cancel();
    expect(await asked).toBeUndefined();
    expect(detail).toBe("Come back with: /usr/bin/node bin/agent-tui.js attach 01a24f12-107f");
    expect(detachedHint("01a24f12-107f-4e2b", inv)).toContain(detail);
  });
});
