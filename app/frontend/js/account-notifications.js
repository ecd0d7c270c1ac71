// The account page's "Notifications" section: turn Web Push on for this device (the browser
// asks for permission, then subscribes with the server's VAPID key through the service worker
// at /sw.js), see which signed-in devices get pushes and turn each off or on, choose the kinds
// of push, quiet hours and the daily digest by email (times in the player's one time zone, set in
// the Slow play section: js/account-slow-play.js).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { status, toast } from "./ui.js";

const KINDS = [["your_turn", "It is my turn"], ["challenge", "Someone challenges me"],
  ["match_finished", "A match I play ends"]];
const body = h("div", { id: "notifications" });

/**
 * The section; `deviceName` turns a device's user agent into the words the sessions list uses.
 * @param {(agent: string) => string} deviceName
 */
export function notificationsSection(deviceName) {
  loadNotifications(deviceName);
  return h("section", { class: "panel", "aria-labelledby": "notifications-title" },
    h("h2", { id: "notifications-title" }, "Notifications"), body);
}

async function loadNotifications(deviceName) {
  status(body, "Loading…");
  try {
    const [key, choices, devices] = await Promise.all([
      api("/notifications/push-key"), api("/notifications"), api("/notifications/devices")]);
    replace(body, thisDevice(key, devices, deviceName),
      h("h3", { class: "small-title", id: "push-devices-title" }, "Devices"), devicesList(devices, deviceName),
      choicesForm(choices, deviceName));
  } catch (failure) {
    status(body, "Could not load your notification settings: " + failure.message, "form-error");
  }
}

/* ---------- this device: permission, then a push subscription ---------- */

function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function thisDevice(key, devices, deviceName) {
  const here = devices.find((device) => device.current);
  const line = h("p", { id: "push-here", role: "status" });
  const on = here && here.subscribed;
  if (!key.enabled) line.textContent = "This server does not send push notifications.";
  else if (!pushSupported()) line.textContent = "This browser cannot receive push notifications (on an iPhone, add Foxden to the home screen first).";
  else if (Notification.permission === "denied") line.textContent = "Notifications are blocked for this site in this browser's settings.";
  else line.textContent = on ? "This device gets notifications." : "This device gets no notifications.";
  const usable = key.enabled && pushSupported() && Notification.permission !== "denied";
  const button = h("button", { type: "button", id: "push-toggle", class: on ? "" : "primary", hidden: !usable,
    onclick: () => (on ? turnOff() : turnOn(key.public_key)).then(() => loadNotifications(deviceName)) },
  on ? "Turn off on this device" : "Turn on for this device");
  return h("div", { class: "row" }, line, button);
}

async function registration() {
  return (await navigator.serviceWorker.getRegistration("/")) || navigator.serviceWorker.register("/sw.js");
}

async function turnOn(publicKey) {
  try {
    if ((await Notification.requestPermission()) !== "granted") {
      toast("Notifications were not allowed on this device.", "error");
      return;
    }
    const worker = await registration();
    await navigator.serviceWorker.ready;
    const subscription = (await worker.pushManager.getSubscription())
      || await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await api("/notifications/devices/current/push", { method: "PUT", body: subscription.toJSON() });
    toast("This device will be told when it is your turn.");
  } catch (failure) {
    toast("Could not turn notifications on: " + failure.message, "error");
  }
}

async function turnOff() {
  try {
    const worker = await navigator.serviceWorker.getRegistration("/");
    const subscription = worker && await worker.pushManager.getSubscription();
    if (subscription) await subscription.unsubscribe();
    await api("/notifications/devices/current/push", { method: "DELETE" });
    toast("This device gets no more notifications.");
  } catch (failure) {
    toast("Could not turn notifications off: " + failure.message, "error");
  }
}

/** A base64url key as the bytes pushManager.subscribe() takes. */
function keyBytes(text) {
  const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/* ---------- every signed-in device, each with its own switch ---------- */

function devicesList(devices, deviceName) {
  return h("ul", { class: "table-list", id: "push-devices", "aria-labelledby": "push-devices-title" },
    devices.map((device) => {
      const id = "push-device-" + device.id;
      const box = h("input", { type: "checkbox", id, checked: device.push, disabled: !device.subscribed,
        onchange: () => setDevicePush(device, box, deviceName) });
      return h("li", { class: "table-row", dataset: { device: device.id } },
        h("div", { class: "field-check" }, box, h("label", { for: id }, deviceName(device.label),
          device.current ? " (this device)" : "")),
        h("span", { class: "seat-count" }, device.subscribed ? (device.push ? "Notified" : "Turned off")
          : "Not turned on from that device"));
    }));
}

async function setDevicePush(device, box, deviceName) {
  try {
    await api("/notifications/devices/" + encodeURIComponent(device.id),
      { method: "PATCH", body: { push: box.checked } });
    loadNotifications(deviceName);
  } catch (failure) {
    box.checked = !box.checked;
    toast(failure.message, "error");
  }
}

/* ---------- kinds, quiet hours, time zone, digest ---------- */

function check(id, label, checked) {
  return h("div", { class: "field field-check" },
    h("input", { type: "checkbox", id, name: id, checked }), h("label", { for: id }, label));
}

function input(id, label, attrs) {
  return h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name: id, ...attrs }));
}

function choicesForm(choices, deviceName) {
  const quiet = choices.quiet_hours;
  const hours = Array.from({ length: 24 }, (_, hour) => h("option",
    { value: String(hour), selected: hour === choices.digest.hour }, `${String(hour).padStart(2, "0")}:00`));
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "stack", id: "notification-choices" },
    h("fieldset", { class: "field-group" }, h("legend", {}, "Tell me when"),
      KINDS.map(([kind, label]) => check("kind-" + kind, label, choices.kinds[kind]))),
    h("p", { class: "muted", id: "notification-zone" },
      `Times are in your time zone, ${choices.time_zone}: change it under Slow play.`),
    h("fieldset", { class: "field-group" }, h("legend", {}, "Quiet hours (no notification)"),
      check("quiet-on", "Keep quiet hours", Boolean(quiet)),
      h("div", { class: "row" }, input("quiet-start", "From", { type: "time", value: quiet ? quiet.start : "22:00" }),
        input("quiet-end", "To", { type: "time", value: quiet ? quiet.end : "08:00" }))),
    h("fieldset", { class: "field-group" }, h("legend", {}, "Daily digest by email"),
      check("digest-on", "Email me once a day the matches waiting for me", choices.digest.enabled),
      input("digest-email", "Email address", { type: "email", value: choices.digest.email || "", maxlength: 254 }),
      h("div", { class: "field" }, h("label", { for: "digest-hour" }, "At"), h("select", { id: "digest-hour" }, hours)),
      choices.email_enabled ? null : h("p", { class: "muted" }, "This server sends no email.")),
    h("div", { class: "row" }, h("button", { class: "primary", type: "submit", id: "notification-save" }, "Save")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      await api("/notifications", { method: "PUT", body: formChoices(form) });
      toast("Notification settings saved.");
      loadNotifications(deviceName);
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return form;
}

function formChoices(form) {
  const value = (id) => form.querySelector("#" + id).value;
  const checked = (id) => form.querySelector("#" + id).checked;
  return {
    quiet_hours: checked("quiet-on") ? { start: value("quiet-start"), end: value("quiet-end") } : null,
    kinds: Object.fromEntries(KINDS.map(([kind]) => [kind, checked("kind-" + kind)])),
    digest: { enabled: checked("digest-on"), hour: Number(value("digest-hour")), email: value("digest-email").trim() || null },
  };
}
