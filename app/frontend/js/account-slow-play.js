// The account page's "Slow play" section: my time zone and daily playing hours (my slow tables'
// clocks stop outside them), and a vacation that pauses all my slow matches for a number of days
// (a yearly allowance; ending early gives the unused days back). GET/PUT /players/me/clock,
// POST/DELETE /players/me/vacation.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { toast } from "./ui.js";

/** The section, filled in once the settings are read. */
export function slowPlaySection() {
  const body = h("div", { class: "stack", id: "slow-play-body" }, h("p", { class: "muted" }, "Loading…"));
  const section = h("section", { class: "panel", id: "slow-play", "aria-labelledby": "slow-play-title" },
    h("h2", { id: "slow-play-title" }, "Slow play"),
    h("p", { class: "muted" }, "At slow tables your clock runs only during your playing hours, in your time zone, "
      + "and stops while you are on vacation."),
    body);
  load(body);
  return section;
}

async function load(body) {
  try {
    show(body, await api("/players/me/clock"));
  } catch (failure) {
    replace(body, h("p", { class: "form-error", role: "alert" }, "Could not load your slow-play settings: " + failure.message));
  }
}

function show(body, settings) {
  replace(body, hoursForm(body, settings), vacationPart(body, settings.vacation));
}

function hoursForm(body, settings) {
  const zones = h("datalist", { id: "time-zones" }, zoneNames().map((zone) => h("option", { value: zone })));
  const zone = h("input", { id: "slow-zone", list: "time-zones", value: settings.time_zone, required: true, autocomplete: "off" });
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const limited = h("input", { type: "checkbox", id: "slow-limited", checked: Boolean(settings.playing_hours) });
  const hours = settings.playing_hours || { start: "08:00", end: "22:00" };
  const start = h("input", { type: "time", id: "slow-start", value: hours.start, required: true });
  const end = h("input", { type: "time", id: "slow-end", value: hours.end, required: true });
  const times = h("div", { class: "row", hidden: !limited.checked },
    h("div", { class: "field" }, h("label", { for: "slow-start" }, "From"), start),
    h("div", { class: "field" }, h("label", { for: "slow-end" }, "To"), end));
  limited.addEventListener("change", () => { times.hidden = !limited.checked; });
  const error = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "stack", id: "slow-hours" },
    h("div", { class: "field" }, h("label", { for: "slow-zone" }, "Time zone"), zone, zones,
      here && here !== settings.time_zone
        ? h("button", { type: "button", class: "small", id: "slow-zone-here", onclick: () => { zone.value = here; } },
          `Use this device's (${here})`)
        : null),
    h("div", { class: "field field-check" }, limited,
      h("label", { for: "slow-limited" }, "My clock runs only during my playing hours")),
    times,
    h("div", { class: "row" }, h("button", { class: "primary", type: "submit", id: "slow-hours-submit" }, "Save")),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const playing = limited.checked ? { start: start.value, end: end.value } : null;
    try {
      show(body, await api("/players/me/clock", { method: "PUT", body: { time_zone: zone.value.trim(), playing_hours: playing } }));
      toast("Slow-play settings saved.");
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
  return form;
}

function vacationPart(body, vacation) {
  const error = h("p", { class: "form-error", role: "alert" });
  const allowance = `${vacation.days_left} of ${vacation.allowance_days} vacation days left in ${vacation.year}.`;
  if (vacation.on_vacation) {
    const end = h("button", { type: "button", id: "vacation-end" }, "End my vacation now");
    end.addEventListener("click", () => change(body, error, { method: "DELETE" }, "Welcome back: your clocks run again."));
    return h("div", { class: "stack", id: "vacation" },
      h("h3", {}, "Vacation"),
      h("p", { id: "vacation-status" }, `On vacation until ${new Date(vacation.until).toLocaleString()}. ${allowance}`),
      h("div", { class: "row" }, end), error);
  }
  const days = h("input", { type: "number", id: "vacation-days", min: "1", max: String(Math.max(1, Math.floor(vacation.days_left))), value: "7", required: true });
  const form = h("form", { class: "stack", id: "vacation" },
    h("h3", {}, "Vacation"),
    h("p", { id: "vacation-status" }, `Not on vacation. ${allowance}`),
    h("div", { class: "field" }, h("label", { for: "vacation-days" }, "Days, starting now"), days),
    h("div", { class: "row" }, h("button", { type: "submit", id: "vacation-start" }, "Start my vacation")), error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    change(body, error, { method: "POST", body: { days: Number(days.value) } }, "Enjoy your vacation: your slow clocks are paused.");
  });
  return form;
}

async function change(body, error, request, done) {
  error.textContent = "";
  try {
    show(body, await api("/players/me/vacation", request));
    toast(done);
  } catch (failure) {
    error.textContent = failure.message;
  }
}

function zoneNames() {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}
