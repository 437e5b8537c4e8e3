// A mistyped subcommand (`agent-tui stop ID`) is refused with the command meant, not sent to the
// model as a prompt; positional words that do not read as one stay the initial message.
import { describe, expect, it } from "vitest";
import { parseTuiCli } from "../../../src/tui/app/cli.js";
import { mistypedSubcommand } from "../../../src/tui/app/cli-flags.js";

const parse = (argv: string[]) => parseTuiCli(argv, import.meta);

describe("mistyped subcommands", () => {
  it("names the command meant for a near-miss followed by a session id", () => {
    expect(mistypedSubcommand(["stop", "01a24fef"])).toBe("agent-tui sessions stop 01a24fef");
    expect(mistypedSubcommand(["kill", "01a24fef-48a0"])).toBe("agent-tui sessions stop 01a24fef-48a0");
    expect(mistypedSubcommand(["Stp", "01a24fef"])).toBe("agent-tui sessions stop 01a24fef");
    expect(mistypedSubcommand(["atach", "01a24fef"])).toBe("agent-tui attach 01a24fef");
    expect(mistypedSubcommand(["attahc"])).toBe("agent-tui attach");
    expect(mistypedSubcommand(["session"])).toBe("agent-tui sessions");
  });

  it("leaves messages alone", () => {
    for (const words of [
      ["stop"],
      ["stop", "the", "server"],
      ["stop", "everything"],
      ["hello", "01a24fef"],
      ["explain", "this"],
      ["stop 01a24fef"],
      ["attach"],
      ["sessions"],
    ]) {
      expect(mistypedSubcommand(words), words.join(" ")).toBeUndefined();
    }
  });

  it("refuses `agent-tui stop ID` before anything starts, and says how to send it anyway", () => {
    expect(() => parse(["stop", "01a24fef"])).toThrow(
      'did you mean `agent-tui sessions stop 01a24fef`? (to send it to the agent, quote it: agent-tui "stop 01a24fef")',
    );
    expect(() => parse(["-p", "kill", "01a24fef"])).toThrow("did you mean `agent-tui sessions stop 01a24fef`?");
  });

  it("keeps other positional words as the initial message, as pi does", () => {
    expect(parse(["stop", "the", "server"]).initialMessage).toBe("stop the server");
    expect(parse(["stop 01a24fef"]).initialMessage).toBe("stop 01a24fef");
    expect(parse(["attach", "01a24fef"]).attachId).toBe("01a24fef");
  });
});
