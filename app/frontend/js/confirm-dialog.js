// "Are you sure?" before an action that cannot be undone (abort a match, send a player away).

import { h } from "./dom.js";

/**
 * A confirmation dialog: resolves true for `confirm`, false for Cancel or Escape. Cancel has
 * the focus when it opens, so Enter on a hasty keyboard never confirms a destructive action.
 */
export function confirmDialog({ title, message, confirm, danger = true }) {
  return new Promise((resolve) => {
    // What had focus: an HTML or SVG element (an Oh, Fox! board space, say), or nothing.
    const opener = /** @type {(Element & HTMLOrSVGElement) | null} */ (document.activeElement);
    const cancelButton = h("button", { type: "button", id: "confirm-cancel", autofocus: true }, "Cancel");
    const confirmButton = h("button", { type: "button", id: "confirm-ok", class: danger ? "danger-solid" : "primary" }, confirm);
    const dialog = h("dialog", { class: "confirm-dialog", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-message" },
      h("h2", { id: "confirm-title" }, title),
      h("p", { id: "confirm-message" }, message),
      h("div", { class: "row dialog-buttons" }, cancelButton, confirmButton));
    let answer = false;
    cancelButton.addEventListener("click", () => dialog.close());
    confirmButton.addEventListener("click", () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancelButton.focus();
  });
}
