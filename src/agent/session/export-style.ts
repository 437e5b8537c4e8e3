// Inline stylesheet and script of the HTML export (kept apart so the renderer stays short).

export const EXPORT_CSS = `
:root { color-scheme: light dark; --bg: #fafafa; --fg: #1d1d1f; --muted: #6b6b70; --card: #fff;
  --border: #dedee3; --user: #e8f0fe; --code: #f3f3f6; --error: #b3261e; --kw: #7a3e9d; --str: #1a7f37;
  --num: #b35900; --com: #8a8a8f; }
@media (prefers-color-scheme: dark) { :root { --bg: #151518; --fg: #e6e6ea; --muted: #9a9aa2;
  --card: #1e1e22; --border: #34343a; --user: #1f2a3d; --code: #26262c; --error: #ff8a80; --kw: #d2a8ff;
  --str: #7ee787; --num: #ffa657; --com: #8b949e; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 24px 16px 64px; }
h1 { font-size: 1.4em; margin: 0 0 12px; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; color: var(--muted);
  font-size: 0.9em; margin: 0 0 16px; }
.facts dt { font-weight: 600; } .facts dd { margin: 0; overflow-wrap: anywhere; }
.toolbar { margin-bottom: 16px; } .toolbar button { margin-right: 8px; font: inherit; padding: 2px 10px; }
.msg { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px;
  margin: 10px 0; }
.msg.user { background: var(--user); }
.msg header { display: flex; justify-content: space-between; gap: 12px; font-size: 0.85em;
  color: var(--muted); margin-bottom: 4px; }
.msg .role { font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; }
.msg.tool-result, .msg.summary { padding: 6px 14px; }
.is-error summary, .error { color: var(--error); }
details > summary { cursor: pointer; color: var(--muted); }
details.thinking { border-left: 3px solid var(--border); padding-left: 10px; margin: 6px 0;
  font-style: italic; }
pre { background: var(--code); border-radius: 6px; padding: 10px; overflow-x: auto;
  font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre.output { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 480px; overflow-y: auto; }
pre.code { position: relative; }
pre.code .lang { position: absolute; right: 8px; top: 4px; font-size: 11px; color: var(--muted); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.md p { margin: 0.4em 0; } .md table { border-collapse: collapse; }
.md td, .md th { border: 1px solid var(--border); padding: 2px 8px; }
.hl-keyword { color: var(--kw); } .hl-string { color: var(--str); } .hl-number { color: var(--num); }
.hl-comment { color: var(--com); font-style: italic; }
.note, .meta { color: var(--muted); font-size: 0.85em; }
`;

export const EXPORT_JS = `
(function () {
  function setAll(open) { document.querySelectorAll("details").forEach(function (d) { d.open = open; }); }
  var expand = document.getElementById("expand-all");
  var collapse = document.getElementById("collapse-all");
  if (expand) expand.addEventListener("click", function () { setAll(true); });
  if (collapse) collapse.addEventListener("click", function () { setAll(false); });
})();
`;
