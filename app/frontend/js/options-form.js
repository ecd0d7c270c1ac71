// Friendly controls for a game's options, built from its JSON options_schema:
// enum -> select, boolean -> checkbox, integer -> number (min/max), array of enum -> checkboxes;
// and the same options as one line of words (lobby summary, home list). Value words come from
// the catalogue's `choices` ([{value, label}]), so every page says them the same way.

import { h } from "./dom.js";

/** Words for machine values: "raffles-with-foxes" -> "Raffles with foxes". */
export function humanize(value) {
  const text = String(value).replace(/[-_]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words for one value of an enum (or array of enum) option. */
export function choiceLabel(spec, value) {
  const holder = spec && spec.type === "array" ? spec.items || {} : spec || {};
  const choice = (holder.choices || []).find((c) => c.value === value);
  return choice ? choice.label : humanize(value);
}

/** One option's value as words: "Points to win: 21 points", "Poison 8s", "Level 2 (side B)". */
function describeOne(spec, key, value) {
  const title = spec.title || humanize(key);
  if (spec.type === "boolean") return value ? title : null;
  if (spec.type === "array") {
    return value && value.length ? `${title}: ${value.map((v) => choiceLabel(spec, v)).join(", ")}` : null;
  }
  const words = spec.enum ? choiceLabel(spec, value) : String(value);
  return `${title}: ${words}`;
}

/**
 * The options as a list of phrases. `changedOnly` leaves out what is as the rules set it by
 * default (a list of open tables says only what is special about each one).
 */
export function describeOptions(schema, options = {}, { changedOnly = false } = {}) {
  const properties = (schema && schema.properties) || {};
  const phrases = [];
  for (const [key, spec] of Object.entries(properties)) {
    const value = key in options ? options[key] : spec.default;
    if (changedOnly && JSON.stringify(value) === JSON.stringify(spec.default)) continue;
    const phrase = describeOne(spec, key, value);
    if (phrase) phrases.push(phrase);
  }
  return phrases;
}

/**
 * optionsForm(schema, values, {prefix, disabled, onChange}) -> {node, value()}.
 * `value()` returns the options object to send (every field, so the server sees the choice).
 * @param {any} schema
 * @param {Record<string, any>} [values]
 * @param {{ prefix?: string, disabled?: boolean, onChange?: (options: Record<string, any>) => void }} [settings]
 */
export function optionsForm(schema, values = {}, { prefix = "opt", disabled = false, onChange } = {}) {
  const properties = (schema && schema.properties) || {};
  const readers = {};
  const fields = Object.entries(properties).map(([key, spec]) => {
    const id = `${prefix}-${key}`;
    const current = key in values ? values[key] : spec.default;
    const built = field(id, key, spec, current, disabled);
    readers[key] = built.read;
    return built.node;
  });
  const node = h("div", { class: "options-form" },
    fields.length ? fields : h("p", { class: "muted" }, "This game has no options."));
  if (onChange) node.addEventListener("change", () => onChange(read()));
  function read() {
    const result = {};
    for (const [key, reader] of Object.entries(readers)) result[key] = reader();
    return result;
  }
  return { node, value: read };
}

function field(id, key, spec, current, disabled) {
  const title = spec.title || humanize(key);
  const help = spec.description ? h("small", { class: "help", id: id + "-help" }, spec.description) : null;
  const described = help ? id + "-help" : null;
  if (spec.type === "array" && spec.items && spec.items.enum) {
    return checkboxGroup(id, title, spec, current || [], help, disabled);
  }
  if (spec.enum) {
    const select = h("select", { id, name: key, disabled, "aria-describedby": described },
      spec.enum.map((choice) => h("option", { value: String(choice), selected: choice === current },
        choiceLabel(spec, choice))));
    const read = () => spec.enum.find((choice) => String(choice) === select.value);
    // Long choices ("Completely Nuts, prey only (...)") get the whole row, so none is cut.
    const wide = spec.enum.some((choice) => choiceLabel(spec, choice).length > 24);
    return { node: h("div", { class: ["field", wide && "field-wide"] }, h("label", { for: id }, title), select, help), read };
  }
  if (spec.type === "boolean") {
    const box = h("input", { type: "checkbox", id, name: key, checked: !!current, disabled,
      "aria-describedby": described });
    return { node: h("div", { class: "field field-check" }, box, h("label", { for: id }, title), help),
      read: () => box.checked };
  }
  if (spec.type === "integer" || spec.type === "number") {
    const input = h("input", { type: "number", id, name: key, value: current ?? "", disabled,
      min: spec.minimum, max: spec.maximum, step: spec.type === "integer" ? 1 : "any",
      "aria-describedby": described });
    const read = () => clampNumber(input.value, spec);
    return { node: h("div", { class: "field" }, h("label", { for: id }, title), input, help), read };
  }
  const input = h("input", { id, name: key, value: current ?? "", disabled, "aria-describedby": described });
  return { node: h("div", { class: "field" }, h("label", { for: id }, title), input, help),
    read: () => input.value };
}

function clampNumber(raw, spec) {
  let number = spec.type === "integer" ? parseInt(raw, 10) : parseFloat(raw);
  if (Number.isNaN(number)) number = spec.default ?? spec.minimum ?? 0;
  if (spec.minimum !== undefined) number = Math.max(spec.minimum, number);
  if (spec.maximum !== undefined) number = Math.min(spec.maximum, number);
  return number;
}

function checkboxGroup(id, title, spec, current, help, disabled) {
  const boxes = spec.items.enum.map((choice, index) => {
    const boxId = `${id}-${index}`;
    const box = h("input", { type: "checkbox", id: boxId, value: String(choice),
      checked: current.includes(choice), disabled });
    return { choice, node: h("label", { class: "chip", for: boxId }, box, choiceLabel(spec, choice)), box };
  });
  const node = h("fieldset", { class: "field field-group" },
    h("legend", {}, title), h("div", { class: "chips" }, boxes.map((b) => b.node)), help);
  return { node, read: () => boxes.filter((b) => b.box.checked).map((b) => b.choice) };
}
