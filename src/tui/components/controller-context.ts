// React context carrying the controller, so views can send intents without prop drilling.
import { createContext, useContext } from "react";
import type { Controller } from "../controller.js";

export const ControllerContext = createContext<Controller | undefined>(undefined);

export function useController(): Controller {
  const c = useContext(ControllerContext);
  if (!c) throw new Error("ControllerContext is missing");
  return c;
}
