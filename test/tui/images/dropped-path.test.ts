// A dropped file's path as terminals paste it: quoted, with escaped spaces, as a file:// URI,
// several at once; and ordinary text that is no path.
import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { droppedPaths } from "../../../src/tui/images/dropped-path.js";

const CWD = "/work/project";

describe("droppedPaths", () => {
  it.each([
    ["a bare path", "/home/me/shot.png", ["/home/me/shot.png"]],
    ["single quotes (GNOME Terminal, kitty)", "'/home/me/my shot.png' ", ["/home/me/my shot.png"]],
    ["double quotes", '"/home/me/my shot.png"', ["/home/me/my shot.png"]],
    ["backslash-escaped spaces (iTerm2, Terminal.app)", "/Users/me/my\\ shot\\ (2).png", ["/Users/me/my shot (2).png"]],
    ["a file:// URI", "file:///home/me/my%20shot.png\n", ["/home/me/my shot.png"]],
    ["several files", "'/a/one.png' /b/two\\ 2.jpg", ["/a/one.png", "/b/two 2.jpg"]],
    ["a path relative to the directory", "./shots/a.png", ["/work/project/shots/a.png"]],
    ["the home directory", "~/Desktop/a.png", [`${homedir()}/Desktop/a.png`]],
    ["a Windows path, backslashes kept", "C:\\Users\\me\\shot.png", ["C:\\Users\\me\\shot.png"]],
  ])("reads %s", (_what, pasted, expected) => {
    expect(droppedPaths(pasted, CWD)).toEqual(expected);
  });

  it.each([
    ["words", "look at this"],
    ["a bare name (could be any word)", "shot.png"],
    ["two lines", "/a/one.png\n/b/two.png"],
    ["an unclosed quote", "'/a/one.png"],
    ["a path and a word", "/a/one.png please"],
    ["a URI of another host", "file://server/share/a.png"],
    ["nothing", "  "],
  ])("leaves %s as text", (_what, pasted) => {
    expect(droppedPaths(pasted, CWD)).toBeUndefined();
  });
});
