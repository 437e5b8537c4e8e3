// Built-in demo extension: `/demo-ui` exercises every ctx.ui method over the extension UI
// sub-protocol (the demo tour and tests use it), then reports what each dialog returned.
import type { ExtensionAPI, ExtensionCommandContext, ExtensionFactory } from "../api.js";

export const DEMO_UI_PATH = "builtin:demo-ui";
export const DEMO_UI_COMMAND = "demo-ui";
/** `/demo-ui tour`: as run by agent-tui's --demo tour (src/tui/slash/demo-tour.ts). */
export const DEMO_UI_TOUR_ARG = "tour";

export function createDemoUi(): ExtensionFactory {
  return (pi: ExtensionAPI) => {
    pi.registerCommand(DEMO_UI_COMMAND, {
      description: "Show every extension UI element: status, widgets, title, editor text, notifications and dialogs",
      handler: async (args: string, ctx: ExtensionCommandContext) => {
        const ui = ctx.ui;
        ui.setStatus("demo-ui", "demo-ui: running");
        ui.setWidget("demo-ui", ["demo-ui widget", "Dialogs follow: select, confirm, input, editor"]);
        ui.setWidget("demo-ui-below", ["demo-ui: a widget below the editor"], { placement: "belowEditor" });
        ui.setTitle("agent-tui: demo-ui");
        ui.notify("demo-ui: an info notification", "info");
        ui.notify("demo-ui: a warning notification", "warning");
        ui.notify("demo-ui: an error notification (nothing is wrong)", "error");

        const color = await ui.select("demo-ui: pick a colour", ["Red", "Green", "Blue"]);
        const proceed = await ui.confirm("demo-ui: continue?", "The next dialogs ask for text.");
        const name = proceed ? await ui.input("demo-ui: your name", "type a name") : undefined;
        const note = proceed
          ? await ui.editor("demo-ui: edit a note", `Hello${name ? ` ${name}` : ""},\nthis is a multi-line editor.`)
          : undefined;
        const quick = await ui.confirm("demo-ui: this one times out in 10 s", "Answer or wait.", { timeout: 10_000 });

        // The tour (`/demo-ui tour`) leaves the person's editor empty: text they did not type
        // would be sent by their next Enter.
        if (args.trim() !== DEMO_UI_TOUR_ARG)
          ui.setEditorText(args ? `demo-ui was run with: ${args}` : "text placed in the editor by /demo-ui");
        ui.setStatus("demo-ui", undefined);
        ui.setWidget("demo-ui", undefined);
        ui.setWidget("demo-ui-below", undefined);
        const show = (v: unknown): string => (v === undefined ? "(cancelled)" : JSON.stringify(v));
        ui.notify(
          `demo-ui results: colour ${show(color)}, continue ${show(proceed)}, name ${show(name)}, ` +
            `note ${show(note)}, timed confirm ${show(quick)}`,
          "info",
        );
      },
    });
  };
}
