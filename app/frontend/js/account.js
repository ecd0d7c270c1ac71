// The account page: claim this guest with a username and a password, sign in on this device,
// see and end the devices signed in to the account, change the password, sign out.

import { api } from "./api.js";
import { notificationsSection } from "./account-notifications.js";
import { h, replace, byId } from "./dom.js";
import { identity, rememberIdentity, forgetIdentity } from "./identity.js";
import { passwordCheck } from "./password-check.js";
import { slowPlaySection } from "./account-slow-play.js";
import { siteHeader, toast, status } from "./ui.js";

const app = byId("app");
const SIGNED_OUT = new Set(["auth/invalid", "auth/expired"]);

function render() {
  const me = identity();
  const sections = !me ? [signInSection("Sign in", "Sign in to play with your account on this device.")]
    : !me.username ? [claimSection(me), signInSection("Sign in to another account",
      `Signing in leaves the guest ${me.name} on this device; claim it above to keep its games.`)]
      : [accountSection(me), sessionsSection(), notificationsSection(deviceName), passwordSection()];
  replace(app, siteHeader(), h("main", { id: "main", tabindex: "-1" }, ...sections, me ? slowPlaySection() : null));
}

function field(id, label, attrs) {
  return h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, name: id, required: true, ...attrs }));
}

/** A form whose submit runs `action(values)`; its refusal goes in the form's error line. */
function form(id, fields, button, action) {
  const error = h("p", { class: "form-error", role: "alert" });
  const node = h("form", { class: "stack", id }, ...fields,
    h("div", { class: "row" }, h("button", { class: "primary", type: "submit", id: id + "-submit" }, button)), error);
  node.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const values = Object.fromEntries(new FormData(node).entries());
    try {
      await action(values);
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return node;
}

/** The verdict on a new password, shown under its field as the player types. */
function checkNewPassword(node, inputId, username) {
  const input = node.querySelector("#" + inputId);
  const check = passwordCheck(input, node.querySelector("button[type=submit]"), username);
  input.after(check.line);
  return check;
}

/** Stop a submit the server would refuse for a guessable password, saying why. */
function refuseGuessable(check, inputId) {
  const refusal = check.refusal();
  if (!refusal) return;
  byId(inputId).focus();
  throw new Error("Choose another password. " + refusal);
}

function claimSection(me) {
  const claim = form("claim", [
    field("claim-username", "Username", { autocomplete: "username", minlength: 3, maxlength: 24,
      pattern: "[A-Za-z0-9][A-Za-z0-9._\\-]*", title: "3-24 letters, digits, '.', '_' or '-'" }),
    field("claim-password", "Password", { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128 }),
  ], "Create account", async (values) => {
    refuseGuessable(check, "claim-password");
    const account = await api("/players/me/account", {
      method: "POST", body: { username: values["claim-username"], password: values["claim-password"] },
    });
    rememberIdentity({ ...identity(), username: account.username });
    toast(`Account ${account.username} created: sign in with it on your other devices.`);
    render();
  });
  const username = /** @type {HTMLInputElement} */ (claim.querySelector("#claim-username"));
  // A password built on the username is refused: another username may change the verdict.
  const check = checkNewPassword(claim, "claim-password", () => username.value);
  username.addEventListener("input", check.recheck);
  return h("section", { class: "panel", "aria-labelledby": "claim-title" },
    h("h1", { id: "claim-title" }, "Keep your games"),
    h("p", {}, `You play as the guest ${me.name} on this device only. Choose a username and a password `,
      "to sign in on any device and find the same matches there."),
    claim);
}

function signInSection(title, intro) {
  return h("section", { class: "panel", "aria-labelledby": "signin-title" },
    h("h1", { id: "signin-title" }, title),
    h("p", {}, intro, " ", h("a", { href: "/" }, "New here? Pick a name on the home page to play as a guest.")),
    form("signin", [
      field("signin-username", "Username", { autocomplete: "username", maxlength: 24 }),
      field("signin-password", "Password", { type: "password", autocomplete: "current-password", maxlength: 128 }),
    ], "Sign in", async (values) => {
      const signed = await api("/sessions", {
        method: "POST", token: null,
        body: { username: values["signin-username"], password: values["signin-password"] },
      });
      rememberIdentity({ id: signed.player.id, name: signed.player.name, token: signed.token, username: signed.username });
      location.href = "/";
    }));
}

function accountSection(me) {
  return h("section", { class: "panel", "aria-labelledby": "account-title" },
    h("div", { class: "panel-head" },
      h("h1", { id: "account-title" }, "Signed in as ", h("span", { id: "account-username" }, me.username)),
      h("button", { id: "sign-out", onclick: signOut }, "Sign out")),
    h("p", { class: "muted" }, `Others see you as ${me.name}. A device signs out by itself after 30 days without use.`));
}

async function signOut() {
  try {
    await api("/sessions/current", { method: "DELETE" });
  } catch (failure) {
    if (!SIGNED_OUT.has(failure.code)) {
      toast("Could not sign out: " + failure.message, "error");
      return;
    }
  }
  forgetIdentity();
  toast("Signed out on this device.");
  render();
}

const sessionsList = h("div", { id: "sessions" });

function sessionsSection() {
  loadSessions();
  return h("section", { class: "panel", "aria-labelledby": "sessions-title" },
    h("h2", { id: "sessions-title" }, "Signed-in devices"), sessionsList);
}

async function loadSessions() {
  status(sessionsList, "Loading…");
  try {
    const sessions = await api("/sessions");
    replace(sessionsList, h("ul", { class: "table-list" }, sessions.map(sessionRow)));
  } catch (failure) {
    if (SIGNED_OUT.has(failure.code)) {
      forgetIdentity();
      toast("You were signed out on this device.", "error");
      render();
      return;
    }
    status(sessionsList, "Could not load your devices: " + failure.message, "form-error");
  }
}

function sessionRow(session) {
  const used = new Date(session.last_used_at).toLocaleString();
  return h("li", { class: "table-row", dataset: { session: session.id } },
    h("div", {}, h("strong", { title: session.label }, deviceName(session.label)),
      session.current ? h("span", { class: "badge badge-you" }, " This device") : null),
    h("span", { class: "seat-count" }, "Last used " + used),
    session.current ? h("span") : h("button", { class: "small", onclick: () => endSession(session) }, "Sign out"));
}

// Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari", Android
// also says "Linux", iPhones also say "Mac OS X".
const BROWSERS = [["Edg", "Edge"], ["OPR", "Opera"], ["Firefox", "Firefox"],
  ["HeadlessChrome", "Headless Chrome"], ["Chrome", "Chrome"], ["Version", "Safari"]];
const SYSTEMS = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"],
  ["CrOS", "ChromeOS"], ["Mac OS X", "macOS"], ["Linux", "Linux"]];

/** "Firefox 128 on Windows" from a user agent; the whole string when it names neither. */
function deviceName(agent) {
  const browser = BROWSERS.map(([key, name]) => [agent.match(new RegExp(key + "/(\\d+)")), name])
    .find(([found]) => found);
  const system = SYSTEMS.find(([key]) => agent.includes(key));
  if (!browser || !system) return agent;
  return `${browser[1]} ${browser[0][1]} on ${system[1]}`;
}

async function endSession(session) {
  try {
    await api("/sessions/" + encodeURIComponent(session.id), { method: "DELETE" });
    toast("That device is signed out.");
  } catch (failure) {
    toast("Could not sign that device out: " + failure.message, "error");
  }
  loadSessions();
}

function passwordSection() {
  const change = form("password", [
    field("old-password", "Current password", { type: "password", autocomplete: "current-password", maxlength: 128 }),
    field("new-password", "New password", { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 128 }),
  ], "Change password", async (values) => {
    refuseGuessable(check, "new-password");
    const changed = await api("/players/me/account/password", {
      method: "PUT", body: { old_password: values["old-password"], new_password: values["new-password"] },
    });
    const others = changed.sessions_ended;
    toast(`Password changed. ${others} other device${others === 1 ? " was" : "s were"} signed out.`);
    render();
  });
  const check = checkNewPassword(change, "new-password"); // the server knows the account's username
  return h("section", { class: "panel", "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, "Change password"),
    h("p", { class: "muted" }, "Every other device is signed out: use this if a device was lost."),
    change);
}

render();
