// Saloon's web table: the lobby, the table and the replay viewer.
// Plain modern JavaScript, no build step; everything it shows comes from the
// server's JSON API (see /docs). A link's token lives in the link's "#" part
// and in this browser's localStorage, and goes to the server in a header;
// the lobby lists the games this browser holds links to, and no others.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};

// -- tokens kept in this browser ---------------------------------------------------

const TOKENS = "saloon.tokens";
function tokensOf(id) {
  try { return JSON.parse(localStorage.getItem(TOKENS) || "{}")[id] || []; } catch { return []; }
}
function keepToken(id, token) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(TOKENS) || "{}"); } catch { all = {}; }
  const list = all[id] || [];
  if (!list.includes(token)) list.push(token);
  all[id] = list;
  try { localStorage.setItem(TOKENS, JSON.stringify(all)); } catch { /* private mode */ }
}
function allTokens() {
  try { return Object.values(JSON.parse(localStorage.getItem(TOKENS) || "{}")).flat(); } catch { return []; }
}
// The host's link of each game made here (deleting, spectators' links).
const HOSTS = "saloon.hosts";
function hostOf(id) {
  try { return JSON.parse(localStorage.getItem(HOSTS) || "{}")[id] || null; } catch { return null; }
}
function keepHost(id, token) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(HOSTS) || "{}"); } catch { all = {}; }
  all[id] = token;
  try { localStorage.setItem(HOSTS, JSON.stringify(all)); } catch { /* private mode */ }
}
function forgetGame(id) {
  for (const key of [TOKENS, HOSTS]) {
    try {
      const all = JSON.parse(localStorage.getItem(key) || "{}");
      delete all[id];
      localStorage.setItem(key, JSON.stringify(all));
    } catch { /* nothing kept */ }
  }
}
function keepLinks(id, links) {
  links.forEach((l) => { keepToken(id, l.token); if (l.host) keepHost(id, l.token); });
}

// -- talking to the server ----------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function api(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers["X-Saloon-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.detail) || `${res.status} ${res.statusText}`);
  return data;
}

let toastTimer = null;
function toast(message, kind = "error") {
  const box = $("#toast");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

// An advisor's value: a chance to win in per cent, or a score as a number;
// an estimate with its 95% interval (the same as Valued.shown on the server).
function formatValue(v, kind) {
  const z = 1.96;
  if (kind === "probability") {
    const text = `${(v.value * 100).toFixed(1)}%`;
    if (!(v.spread > 0)) return text;
    const half = v.spread * z;
    // A chance lies in 0-100%: an interval past either end is shown as the
    // range it is (as saloon.core.advice.Valued.shown does).
    if (v.value - half < 0 || v.value + half > 1) {
      const low = Math.max(0, v.value - half) * 100, high = Math.min(1, v.value + half) * 100;
      return `${text} (${low.toFixed(0)}-${high.toFixed(0)}%)`;
    }
    return `${text} ± ${(half * 100).toFixed(1)}`;
  }
  return v.value.toFixed(3) + (v.spread > 0 ? ` ± ${(v.spread * z).toFixed(3)}` : "");
}

function setSvg(box, svg) {
  // The SVG is the game's own drawing, made by the server from the rules'
  // state (no user text reaches it unescaped).
  box.innerHTML = svg;
  const node = box.querySelector("svg");
  if (node) {
    node.setAttribute("role", "img");
    if (!node.getAttribute("viewBox")) {
      const w = node.getAttribute("width"), h = node.getAttribute("height");
      if (w && h) node.setAttribute("viewBox", `0 0 ${parseFloat(w)} ${parseFloat(h)}`);
    }
    node.removeAttribute("width");
    node.removeAttribute("height");
  }
}

function fillLog(list, entries) {
  list.replaceChildren(...entries.map((e) => el("li", { class: `kind-${e.kind}`, text: e.text })));
  list.scrollTop = list.scrollHeight;
}

// -- the lobby -------------------------------------------------------------------------

async function showLobby(root) {
  root.replaceChildren($("#lobby-tpl").content.cloneNode(true));
  document.title = "Saloon: the lobby";
  let catalog;
  try { catalog = (await api("GET", "/api/catalog")).games; } catch (e) { toast(e.message); return; }
  const choice = $("#game-choice");
  catalog.forEach((g, i) => {
    const players = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}-${g.max_players}`;
    choice.append(el("label", { class: "game-card" },
      el("input", { type: "radio", name: "game", value: g.id, checked: i === 0 }),
      el("span", { class: "game-title", text: g.title }),
      el("span", { class: "game-meta", text: `${players} player${g.max_players > 1 ? "s" : ""}` })));
  });
  const current = () => catalog.find((g) => g.id === $("input[name=game]:checked").value);
  choice.addEventListener("change", () => pickGame(current()));
  $("#pace").addEventListener("input", () => { $("#pace-out").textContent = `${$("#pace").value} s`; });
  $("#add-seat").addEventListener("click", () => { addSeat(current(), $("#seat-list").children.length); seatButtons(current()); });
  $("#remove-seat").addEventListener("click", () => { $("#seat-list").lastElementChild.remove(); seatButtons(current()); });
  $("#variant").addEventListener("change", () => applyVariant(current()));
  $("#new-game").addEventListener("submit", (ev) => { ev.preventDefault(); startGame(current()); });
  $("#seat-list").addEventListener("change", tableChoices);
  $("#advisor").addEventListener("change", () => { $("#advisor").dataset.touched = "1"; });
  $("#import-file").addEventListener("change", importRecord);
  pickGame(current());
  listSaved();
}

function pickGame(game) {
  $("#game-summary").textContent = game.summary.split("\n")[0];
  const variant = $("#variant");
  const info = game.variant_info || {};
  variant.replaceChildren(...Object.keys(game.variants).map((v) => el("option", { value: v, text: (info[v] && info[v].title) || v })));
  const box = $("#options");
  box.replaceChildren(...game.options.map((o) => optionField(o)));
  for (const name of Object.keys(game.choice_players || {})) {
    const input = $(`[data-option="${name}"]`);
    if (input) input.addEventListener("change", () => fitSeats(game));
  }
  const seats = $("#seat-list");
  seats.replaceChildren();
  for (let i = 0; i < Math.max(game.min_players, Math.min(2, game.max_players)); i++) addSeat(game, i);
  seatButtons(game);
  applyVariant(game);
}

// The table's choices, by how many people sit: the advisor is on by default
// for one person and off for several (the table may turn it on); practice
// undo is for one. A box the person ticked keeps his choice.
function tableChoices() {
  const people = [...document.querySelectorAll("#seat-list .seat-kind")].filter((s) => s.value === "human").length;
  const advisor = $("#advisor");
  $("#advisor-choice").hidden = people < 1;
  if (people !== Number(advisor.dataset.people || -1)) {
    if (!advisor.dataset.touched) advisor.checked = people === 1;
    advisor.dataset.people = String(people);
  }
  $("#practice-choice").hidden = people !== 1;
  if (people !== 1) $("#practice-undo").checked = false;
}

function optionField(o) {
  const id = `opt-${o.name}`;
  let input;
  let upload = null;
  if (o.file) {
    // The server reads no file a visitor names: the file's text is sent instead.
    upload = el("input", { id: `${id}-upload`, type: "file", "data-upload": o.name, accept: o.file === "file" ? ".toml" : null, "aria-label": `${o.name}: your own ${o.file}` });
    if (o.file === "folder") { upload.setAttribute("webkitdirectory", ""); upload.multiple = true; }
    const note = `your own ${o.file === "file" ? "TOML file" : "folder of TOML files"}, sent as text and kept with the game`;
    if (o.optional) {
      return el("div", { class: "option" },
        el("label", { for: upload.id, text: o.label || o.name, title: o.name }), upload,
        el("small", { text: `${o.help || ""} [${note}; none: Saloon's own]` }));
    }
    o = { ...o, help: `${o.help || ""} (or ${note})` };
  }
  if (o.choices) {
    input = el("select", { id, "data-option": o.name },
      ...(o.optional ? [el("option", { value: "", text: "auto" })] : []),
      ...o.choices.map((c) => el("option", { value: String(c), text: String(c).replace(/_/g, " ") })));
  } else if (o.type === "bool") {
    input = el("input", { id, type: "checkbox", "data-option": o.name });
  } else {
    const numeric = o.type === "int" || o.type === "float";
    input = el("input", {
      id, "data-option": o.name, type: numeric ? "number" : "text",
      step: o.type === "float" ? "any" : null, min: o.min, max: o.max,
      placeholder: o.optional ? "auto" : "",
    });
  }
  input.dataset.type = o.type;
  const range = o.min !== null || o.max !== null ? ` (${o.min ?? ""}–${o.max ?? ""})` : "";
  const kind = o.choices ? o.choices.map((c) => String(c).replace(/_/g, " ")).join(" | ") : o.type;
  return el("div", { class: "option" },
    el("label", { for: id, text: o.label || o.name, title: `${o.name} on the command line` }), input, upload,
    el("small", { text: `${o.help || ""} [${kind}${range}, default ${fmtDefault(o.default)}]` }));
}

function fmtDefault(v) {
  if (v === null || v === undefined) return "auto";
  if (Array.isArray(v)) return v.join(",");
  return String(v);
}

function setOption(o, value) {
  const input = $(`[data-option="${o.name}"]`);
  if (!input) return;
  if (input.type === "checkbox") input.checked = Boolean(value);
  else input.value = value === null || value === undefined ? "" : (Array.isArray(value) ? value.join(",") : String(value));
}

function applyVariant(game) {
  const chosen = game.variants[$("#variant").value] || {};
  const about = ((game.variant_info || {})[$("#variant").value] || {}).about || "";
  $("#variant-about").textContent = about;
  $("#variant-about").hidden = !about;
  // Each seat by the side it plays in this variant.
  const sides = (game.variant_seats || {})[$("#variant").value] || [];
  document.querySelectorAll("#seat-list .seat").forEach((row, i) => { $("label", row).textContent = seatLabel(sides, i); });
  for (const o of game.options) setOption(o, o.name in chosen ? chosen[o.name] : o.default);
  fitSeats(game);
}

function readOptions(game) {
  const out = {};
  for (const o of game.options) {
    const input = $(`[data-option="${o.name}"]`);
    if (!input) continue;  // an option only of your own content (readContent)
    let value = input.type === "checkbox" ? input.checked : input.value.trim();
    const def = fmtDefault(o.default);
    if (input.type !== "checkbox" && (value === "" ? "auto" : value) === def) continue;
    if (input.type === "checkbox" && value === o.default) continue;
    if (value === "" && o.optional) value = null;
    out[o.name] = value;
  }
  return out;
}

function addSeat(game, i) {
  const id = `seat-${i}`;
  const select = el("select", { id, class: "seat-kind" },
    el("option", { value: "human", text: "a person" }),
    ...game.agents.map((a) => el("option", { value: a, text: `bot: ${a}` })));
  select.value = i === 0 ? "human" : game.default_agent;
  const knobs = el("input", { class: "seat-knobs", placeholder: "bot settings, e.g. iterations=200", "aria-label": `Player ${i + 1}'s bot settings` });
  const sync = () => { knobs.hidden = select.value === "human"; };
  select.addEventListener("change", sync);
  sync();
  const sides = (game.variant_seats || {})[$("#variant").value] || [];
  $("#seat-list").append(el("div", { class: "seat" }, el("label", { for: id, text: seatLabel(sides, i) }), select, knobs));
}

// A seat in the lobby, by the side it plays where the variant names one.
function seatLabel(sides, i) {
  const side = sides[i];
  return side && side !== `Player ${i + 1}` ? `Seat ${i + 1}: ${side}` : `Player ${i + 1}`;
}

// The seats the chosen variant takes: a Cowboys scenario has its own sides;
// an option's choice may narrow them (D6's mode: solo for one, Alliance four).
function seatRange(game) {
  let range = (game.variant_players || {})[$("#variant").value] || [game.min_players, game.max_players];
  for (const [name, byChoice] of Object.entries(game.choice_players || {})) {
    const input = $(`[data-option="${name}"]`);
    if (input && byChoice[input.value]) range = byChoice[input.value];
  }
  return range;
}

function fitSeats(game) {
  const [lo, hi] = seatRange(game);
  const list = $("#seat-list");
  while (list.children.length < lo) addSeat(game, list.children.length);
  while (list.children.length > hi) list.lastElementChild.remove();
  // A solitaire scenario's bot side is seated as the scenario says.
  const scripted = (game.variant_scripted || {})[$("#variant").value] || {};
  Object.entries(scripted).forEach(([k, spec]) => {
    const select = $(`#seat-${k}`);
    if (select && [...select.options].some((o) => o.value === spec)) {
      select.value = spec;
      select.dispatchEvent(new Event("change"));
    }
  });
  seatButtons(game);
}

function seatButtons(game) {
  const n = $("#seat-list").children.length;
  const [lo, hi] = seatRange(game);
  $("#add-seat").hidden = n >= hi;
  $("#remove-seat").hidden = n <= lo;
  tableChoices();
}

// The person's own content for the options that name files: a file's text,
// or a folder's .toml files by their names inside it.
async function readContent(game) {
  const out = {};
  for (const o of game.options.filter((x) => x.file)) {
    const files = [...$(`[data-upload="${o.name}"]`).files];
    if (!files.length) continue;
    if (o.file === "file") { out[o.name] = await files[0].text(); continue; }
    const folder = {};
    for (const f of files) {
      const path = (f.webkitRelativePath || f.name).split("/").slice(1).join("/") || f.name;
      if (path.endsWith(".toml")) folder[path] = await f.text();
    }
    out[o.name] = folder;
  }
  return out;
}

async function startGame(game) {
  const seats = [...document.querySelectorAll("#seat-list .seat")].map((row) => {
    const kind = $(".seat-kind", row).value;
    const knobs = $(".seat-knobs", row).value.trim();
    return kind === "human" || !knobs ? kind : `${kind}:${knobs}`;
  });
  const seedText = $("#seed").value.trim();
  const body = {
    game: game.id,
    options: readOptions(game),
    seats,
    dice: $("input[name=dice]:checked").value,
    hands: $("input[name=hands]:checked").value,
    pace: parseFloat($("#pace").value),
    seed: seedText === "" ? null : Number(seedText),
    content: await readContent(game),
    practice_undo: $("#practice-undo").checked,
  };
  if (!$("#advisor-choice").hidden) body.advisor = $("#advisor").checked;
  try {
    const made = await api("POST", "/api/games", { body });
    enterGame(made);
  } catch (e) { toast(e.message); }
}

function enterGame(made) {
  keepLinks(made.id, made.links);
  sessionStorage.setItem(`saloon.links.${made.id}`, JSON.stringify(made.links));
  history.pushState(null, "", made.links[0].url);
  route();
}

async function importRecord(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch { toast(`${file.name} is not a JSON file`); return; }
  try {
    const made = await api("POST", "/api/games/import", { body: { record, pace: 0.8 } });
    keepLinks(made.id, made.links);
    if (made.view.pending === "over") { history.pushState(null, "", `/replay/${made.id}`); route(); } else enterGame(made);
  } catch (e) { toast(e.message); }
}

async function listSaved() {
  const list = $("#saved-list");
  let games;
  try { games = (await api("POST", "/api/games/mine", { body: { tokens: allTokens().slice(-500) } })).games; } catch (e) { toast(e.message); return; }
  if (!games.length) { list.replaceChildren(el("li", { class: "empty", text: "No games in this browser yet." })); return; }
  list.replaceChildren(...games.map((g) => {
    const mine = tokensOf(g.id);
    const when = new Date(g.updated * 1000).toLocaleString();
    const status = g.over ? resultText(g.result, g.seats) : `move ${g.steps}, ${g.pending === "person" ? "waiting for a person" : g.pending}`;
    const who = g.seats.map((s, i) => `P${i + 1} ${s === "human" ? "person" : s}`).join(" · ");
    const actions = el("div", { class: "saved-actions" });
    if (mine.length && !g.over) actions.append(el("a", { class: "button primary", href: `/table/${g.id}#${mine[0]}`, text: "Resume" }));
    const open = g.over || (CATALOG[g.game] && CATALOG[g.game].perfect_information);
    if (open) actions.append(el("a", { class: "button", href: `/replay/${g.id}`, text: "Replay" }));
    const host = hostOf(g.id);
    if (host) {
      actions.append(el("button", {
        type: "button", class: "danger", text: "Delete",
        onclick: async () => {
          if (!confirm("Delete this game for good?")) return;
          try { await api("DELETE", `/api/games/${g.id}`, { token: host }); forgetGame(g.id); listSaved(); } catch (e) { toast(e.message); }
        },
      }));
    }
    return el("li", { class: "saved-game" },
      el("div", { class: "saved-title" }, el("strong", { text: titleOf(g.game) }), el("span", { text: ` ${when}` })),
      el("div", { class: "saved-meta", text: `${who} — ${status}` }), actions);
  }));
}

const CATALOG = {};
function titleOf(id) { return CATALOG[id] ? CATALOG[id].title : id; }

function resultText(result, seats) {
  if (!result) return "over";
  if (result.text) return result.text.replace(/\.$/, "");
  const solo = result.scores.length === 1;
  const scores = solo ? `score ${result.scores[0]}` : result.scores.map((s, i) => `P${i + 1} ${s}`).join(", ");
  const how = result.category ? ` (${result.category})` : "";
  if (!result.winners.length) return `no winner${how}; ${scores}`;
  if (solo) return `won${how}; ${scores}`;
  const who = result.winners.map((w) => `Player ${w + 1}`).join(" and ");
  return `${who} won${how}; ${scores}`;
}

// -- pointing at the board -------------------------------------------------------------------

// A choice made by clicking the board: the game's drawing marks what can be
// pointed at (data-point, with its words in aria-label) and each action
// lists its points in order (State.pointer); the marks that come next are
// shaded, each click narrows the choices, and the choices that share every
// click are offered as buttons under the board (a move's four facings). In a
// decision whose points are a set (dice to keep), a click toggles a mark and
// the choice is confirmed by its button; there the points "x", "x.2",
// "x.3" are copies (dice showing the same face) and a click on any of them
// takes the next copy. Arrows walk the marked places, Enter picks one, a
// digit picks a button offered under the board, Escape lets go.
const SVG_NS = "http://www.w3.org/2000/svg";
// The point a copy stands for: "die:w1.2" is a copy of "die:w1".
const baseOf = (point) => point.replace(/\.\d+$/, "");
// A move's last words that end in a facing ("on horseback, face north").
const FACING = /^(.*?)(?:turn to )?face (north|east|south|west)$/;
const COMPASS = { north: ["↑", "n", "ArrowUp"], west: ["←", "w", "ArrowLeft"], east: ["→", "e", "ArrowRight"], south: ["↓", "s", "ArrowDown"] };

class Pointing {
  constructor(table) {
    this.table = table;
    this.actions = [];
    this.anyOrder = false;
    // The points chosen, as the actions name them; and, where the points
    // are a set, the marks actually clicked (a copy may stand for another).
    this.chosen = [];
    this.clicked = [];
    this.move = null;
    this.focus = -1;
    $("#board").addEventListener("click", (ev) => this.onClick(ev));
  }

  // The actions of a new decision (or none); the selection is kept while
  // the decision is the same one.
  reset(view) {
    const same = this.move === view.move && view.actions;
    this.move = view.move;
    this.actions = view.actions || [];
    this.anyOrder = Boolean(view.any_order);
    if (!same) { this.chosen = []; this.clicked = []; }
    this.focus = -1;
    this.draw();
  }

  // Whether the mark of ``point`` may be clicked now.
  isOpen(point) {
    if (!this.anyOrder) return this.next().has(point);
    return this.clicked.includes(point) || this.openBases().has(baseOf(point));
  }

  // Where the points are a set: the points (copies as one) still free to choose.
  openBases() {
    const out = new Set();
    for (const a of this.candidates()) for (const p of a.points) if (!this.chosen.includes(p)) out.add(baseOf(p));
    return out;
  }

  pointed() { return this.actions.filter((a) => a.points && a.points.length); }

  // The actions still possible after the clicks so far.
  candidates() {
    const c = this.chosen;
    if (this.anyOrder) return this.pointed().filter((a) => c.every((p) => a.points.includes(p)));
    return this.pointed().filter((a) => c.every((p, i) => a.points[i] === p));
  }

  // The actions that every click so far completes.
  complete() {
    const n = this.chosen.length;
    if (this.anyOrder) return this.candidates().filter((a) => a.points.length === n);
    return n ? this.candidates().filter((a) => a.points.length === n) : [];
  }

  // What may be clicked next, each with the tag of its first action.
  next() {
    const out = new Map();
    const n = this.chosen.length;
    for (const a of this.candidates()) {
      if (this.anyOrder) {
        for (const p of a.points) if (!this.chosen.includes(p) && !out.has(p)) out.set(p, "");
      } else if (a.points.length > n && !out.has(a.points[n])) {
        out.set(a.points[n], a.points.length === n + 1 ? a.tag || "" : "");
      }
    }
    if (this.anyOrder) for (const p of this.chosen) out.set(p, "");
    return out;
  }

  marks() { return [...document.querySelectorAll("#board [data-point]")]; }

  nameOf(point) {
    const mark = document.querySelector(`#board [data-point="${CSS.escape(point)}"]`);
    return (mark && (mark.getAttribute("aria-label") || "").trim()) || point;
  }

  // Shade the marks that may be clicked next, ring the chosen ones.
  draw() {
    for (const layer of document.querySelectorAll("#board .pt-layer")) layer.remove();
    const next = this.next();
    const first = this.actions.length && !this.chosen.length;
    let k = 0;
    for (const mark of this.marks()) {
      const point = mark.dataset.point;
      const chosen = (this.anyOrder ? this.clicked : this.chosen).includes(point);
      const open = this.isOpen(point);
      mark.classList.toggle("pointable", open);
      mark.classList.toggle("pointed", chosen);
      mark.toggleAttribute("tabindex", false);
      if (!open && !chosen) continue;
      mark.dataset.order = String(k++);
      const box = mark.getBBox();
      const layer = document.createElementNS(SVG_NS, "g");
      layer.setAttribute("class", "pt-layer");
      const ring = document.createElementNS(SVG_NS, "rect");
      const pad = 1.5;
      ring.setAttribute("x", box.x - pad); ring.setAttribute("y", box.y - pad);
      ring.setAttribute("width", box.width + 2 * pad); ring.setAttribute("height", box.height + 2 * pad);
      ring.setAttribute("rx", 3);
      ring.setAttribute("class", chosen ? "pt-ring pt-chosen" : "pt-ring");
      layer.append(ring);
      const tag = next.get(point);
      if (tag) {
        const text = document.createElementNS(SVG_NS, "text");
        // On a small mark (a token, a figure) the tag stands above it, so
        // that it hides nothing of it; on a large one, inside its corner.
        const small = box.height < 40;
        text.setAttribute("x", small ? box.x + box.width / 2 : box.x + box.width);
        text.setAttribute("y", small ? box.y - 2 : box.y + 1);
        text.setAttribute("class", small ? "pt-tag pt-tag-above" : "pt-tag");
        text.textContent = tag;
        layer.append(text);
      }
      mark.append(layer);
    }
    this.tray(first);
  }

  // The words under the board: what is chosen, what is left, and the
  // choices not on the board (or that share every click so far).
  tray(first) {
    const box = $("#pointing");
    if (!this.actions.length) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    const play = (a) => this.table.play(a.notation);
    const button = (a, words) => el("button", {
      type: "button", class: "choice pt-choice", "data-action": a.notation, onclick: () => play(a),
    }, el("span", { class: "choice-text", text: words }));
    const parts = [];
    const open = this.anyOrder ? this.openBases().size > 0 : this.next().size > 0;
    if (this.chosen.length) {
      const names = this.anyOrder ? this.clicked.map((p) => this.nameOf(p)).join(", ")
        : this.chosen.map((p) => this.nameOf(p)).join(" → ");
      parts.push(el("p", { class: "pt-said" }, el("strong", { text: this.anyOrder ? "Chosen: " : "Selected: " }), names));
    }
    if (open) {
      let hint = "Click a marked piece on the board.";
      if (this.anyOrder) hint = "Click the marked pieces to choose them (a chosen one again to let it go).";
      else if (this.chosen.length) hint = "Click a marked place on the board to go on.";
      parts.push(el("p", { class: "pt-hint", text: hint }));
    }
    const done = this.complete();
    const loose = first ? this.actions.filter((a) => !a.points || !a.points.length) : [];
    // The facings a move may end in, as a compass (one for each way of
    // ending it: on foot, on horseback); the arrow keys pick them too.
    const compasses = new Map();
    const others = [];
    for (const a of done) {
      const m = this.anyOrder ? null : FACING.exec(a.last || "");
      if (m) {
        if (!compasses.has(m[1])) compasses.set(m[1], {});
        compasses.get(m[1])[m[2]] = a;
      } else others.push(a);
    }
    const offered = [...others.map((a) => button(a, this.anyOrder ? a.text : (a.last || a.text))),
      ...loose.map((a) => button(a, a.text))];
    for (const [how, faces] of compasses) {
      const rose = el("div", { class: "compass", role: "group", "aria-label": `${how}face` },
        el("span", { class: "compass-how", text: how.replace(/, $/, "") || "face" }));
      for (const [way, [arrow, area]] of Object.entries(COMPASS)) {
        if (!faces[way]) continue;
        const b = button(faces[way], `${arrow} ${way}`);
        b.classList.add(`compass-${area}`);
        b.title = faces[way].last;
        rose.append(b);
      }
      parts.push(rose);
    }
    // Once something is chosen, the digits pick these buttons (onKey).
    if (this.chosen.length) offered.slice(0, 9).forEach((b, i) => b.prepend(el("kbd", { text: String(i + 1) })));
    if (offered.length) parts.push(el("div", { class: "pt-choices" }, ...offered));
    if (this.chosen.length) {
      parts.push(el("button", { type: "button", class: "small pt-cancel", text: "Let go (Esc)", onclick: () => this.letGo() }));
    }
    box.replaceChildren(...parts);
    box.dataset.chosen = String(this.chosen.length);
  }

  letGo() { this.chosen = []; this.clicked = []; this.focus = -1; this.draw(); }

  pick(point) {
    if (this.anyOrder) {
      const base = baseOf(point);
      const copies = this.chosen.filter((p) => baseOf(p) === base);
      const i = this.clicked.indexOf(point);
      if (i >= 0) {
        this.clicked.splice(i, 1);
        this.chosen.splice(this.chosen.indexOf(copies[copies.length - 1]), 1);
      } else {
        this.clicked.push(point);
        this.chosen.push(copies.length ? `${base}.${copies.length + 1}` : base);
      }
      this.draw();
      return;
    }
    this.chosen.push(point);
    const left = this.candidates();
    if (left.length === 1 && left[0].points.length === this.chosen.length) {
      this.table.play(left[0].notation);
      return;
    }
    this.focus = -1;
    this.draw();
  }

  onClick(ev) {
    if (!this.actions.length) return;
    const mark = ev.target.closest && ev.target.closest("[data-point]");
    if (!mark) { if (this.chosen.length && !this.anyOrder) this.letGo(); return; }
    // The innermost mark that may be clicked now (a token in its space,
    // when the space is what the choice needs).
    for (let m = mark; m; m = m.parentElement && m.parentElement.closest("[data-point]")) {
      if (this.isOpen(m.dataset.point)) { this.pick(m.dataset.point); return; }
    }
    const point = mark.dataset.point;
    // Another piece to start from: the selection moves to it. A click
    // outside the choice at hand never plays at once: if that piece alone
    // would be a whole choice, the selection is only let go.
    if (!this.anyOrder && this.chosen.length) {
      this.chosen = [];
      const starts = this.candidates().some((a) => a.points[0] === point && a.points.length > 1);
      if (starts) { this.pick(point); return; }
      this.letGo();
    }
  }

  // Arrows walk the marked places, Enter picks, Escape lets go.
  onKey(ev) {
    if (!this.actions.length) return false;
    if (ev.key === "Escape") { this.letGo(); return true; }
    if (this.chosen.length && /^[1-9]$/.test(ev.key)) {
      const b = document.querySelectorAll("#pointing .pt-choices .pt-choice")[Number(ev.key) - 1];
      if (b) { b.click(); return true; }
    }
    const open = this.marks().filter((m) => m.classList.contains("pointable"));
    // With a single compass and nothing left to point at, the arrows face.
    const roses = document.querySelectorAll("#pointing .compass");
    if (!open.length && roses.length === 1) {
      const way = Object.values(COMPASS).find((c) => c[2] === ev.key);
      const b = way && roses[0].querySelector(`.compass-${way[1]}`);
      if (b) { b.click(); return true; }
    }
    if (!open.length) return false;
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(ev.key)) {
      const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
      this.focus = (this.focus + step + open.length) % open.length;
      open.forEach((m, i) => m.classList.toggle("pt-focus", i === this.focus));
      const words = this.nameOf(open[this.focus].dataset.point);
      $("#pointing .pt-hint")?.replaceChildren(`${words}: Enter to pick it.`);
      return true;
    }
    if (ev.key === "Enter" && this.focus >= 0 && this.focus < open.length) {
      this.pick(open[this.focus].dataset.point);
      return true;
    }
    return false;
  }
}

// -- the table ----------------------------------------------------------------------------

class TableView {
  constructor(root, id, token) {
    this.root = root;
    this.id = id;
    this.token = token;
    this.view = null;
    this.busy = false;
    this.events = null;
    root.replaceChildren($("#table-tpl").content.cloneNode(true));
    $("#undo").addEventListener("click", () => this.undo());
    $("#skip").addEventListener("click", () => this.skip());
    $("#zoom").addEventListener("click", () => {
      const zoomed = $("#board").classList.toggle("zoomed");
      $("#zoom").textContent = zoomed ? "Fit" : "Zoom";
      $("#zoom").setAttribute("aria-pressed", String(zoomed));
    });
    $("#notation").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = $("#notation-text").value.trim();
      if (text) this.play(text);
    });
    this.pointing = new Pointing(this);
    this.keys = (ev) => this.onKey(ev);
    document.addEventListener("keydown", this.keys);
    const links = sessionStorage.getItem(`saloon.links.${id}`);
    this.links = links ? JSON.parse(links) : null;
  }

  async start() {
    await this.refresh();
    this.listen();
  }

  close() {
    if (this.events) this.events.close();
    document.removeEventListener("keydown", this.keys);
  }

  listen() {
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    this.events = new EventSource(`/api/games/${this.id}/events${q}`);
    this.events.onmessage = (msg) => {
      const news = JSON.parse(msg.data);
      if (news.deleted) { toast("This game was deleted.", "info"); this.events.close(); return; }
      if (!this.view || news.move !== this.view.move || news.pending !== this.view.pending) this.refresh();
    };
  }

  async refresh() {
    try {
      const view = await api("GET", `/api/games/${this.id}`, { token: this.token });
      this.render(view);
    } catch (e) { toast(e.message); }
  }

  render(view) {
    const first = this.view === null;
    const changed = first || view.move !== this.view.move || view.pending !== this.view.pending;
    this.view = view;
    document.title = `Saloon: ${view.title}`;
    $("#table-title").textContent = view.title + (view.heading ? `: ${view.heading}` : "");
    $("#table-title").title = view.options_text !== "default" ? view.options_text : "";
    $("#table-seats").textContent = view.seats.map((s) => s.name + (view.to_move === s.seat ? " ◀" : "")).join(" · ")
      + (view.dice === "manual" ? " · real dice" : "")
      + (view.advisor ? " · advisor on" : " · advisor off")
      + (view.forked && view.forked.length ? ` · ${view.forked[view.forked.length - 1]}` : "")
      + (view.practice_undo ? " · practice undo" : "")
      + (view.link === "spectator" ? " · watching" : "");
    setSvg($("#board"), view.svg);
    $("#board").dataset.move = String(view.move);
    this.pointing.reset(view);
    fillLog($("#log"), view.log);
    this.renderStatus(view);
    this.renderLinks(view);
    if (changed) this.renderActions(view);
    $("#undo").hidden = !view.hand.seats.length && !view.hand.referee;
    $("#undo").title = view.practice_undo ? "Back to your previous decision, past rolls too (practice) (u)"
      : "Back to your previous decision, if nothing was rolled, drawn or shown and nobody else decided since (u)";
    $("#undo").disabled = !view.can_undo;
    $("#skip").hidden = !(view.pending === "bot" && view.pace > 0 && !view.skipping);
    const review = $("#review-link");
    review.hidden = !(view.pending === "over" && view.record_allowed);
    review.href = `/replay/${view.id}?review=1`;
    const replay = $("#replay-link");
    replay.hidden = !view.record_allowed;
    replay.href = `/replay/${view.id}`;
    const record = $("#record-link");
    record.hidden = !view.record_allowed;
    record.href = `/api/games/${view.id}/record?token=${encodeURIComponent(this.token || "")}`;
    record.setAttribute("download", `saloon-${view.game}-${view.id}.json`);
    const rules = $("#rules");
    rules.hidden = !view.rules;
    $("#rules-text").textContent = view.rules || "";
  }

  renderStatus(view) {
    const status = $("#status");
    const name = (p) => view.seats[p].name;
    let text;
    if (view.trouble) text = view.trouble;
    else if (view.pending === "over") text = `Game over: ${resultText(view.result, view.seats)}.`;
    else if (view.forced) text = `${name(view.to_move)}: your one choice, ${view.forced}, is taken in a moment`;
    else if (view.pending === "person") text = view.your_turn ? `${name(view.to_move)}: your move` : `Waiting for ${name(view.to_move)}…`;
    else if (view.pending === "bot") text = `${name(view.to_move)} is thinking…`;
    else if (view.pending === "dice") text = view.your_turn ? `Roll or draw for real, and enter ${view.dice_prompt || "what shows"}` : "Waiting for the referee…";
    else text = "Rolling…";
    status.textContent = text;
    status.className = `status ${view.your_turn ? "yours" : ""} ${view.pending}`;
  }

  renderLinks(view) {
    const box = $("#links");
    // The host's link, if this browser holds it (it made the game, or opened that link).
    const host = view.hand.host ? this.token : hostOf(this.id);
    if ((!this.links || this.links.length < 2) && !host) { box.hidden = true; return; }
    box.hidden = false;
    const spectate = host ? el("button", {
      type: "button", class: "small", id: "spectator-link", text: "A link to watch",
      onclick: async () => {
        try {
          const link = await api("POST", `/api/games/${this.id}/spectators`, { token: host });
          const url = location.origin + link.url;
          box.append(el("div", { class: "link-row" }, el("span", { text: "spectator" }),
            el("input", { value: url, readonly: true, "aria-label": "a spectator's link", onfocus: (ev) => ev.target.select() })));
        } catch (e) { toast(e.message); }
      },
    }) : null;
    if (!this.links || this.links.length < 2) {
      if (!box.querySelector("#spectator-link")) box.replaceChildren(el("p", { text: "Anyone you send a spectator's link may watch." }), spectate);
      return;
    }
    const origin = location.origin;
    const loopback = /^(localhost|127\.|\[::1\])/.test(location.hostname);
    const note = loopback ? " These links name this machine as 127.0.0.1: for players on other machines, open this page by the machine's LAN address (saloon serve --host 0.0.0.0) first." : "";
    box.replaceChildren(el("p", { text: `Send each person their own link (keep the host link yourself).${note}` }),
      ...this.links.map((l) => {
        const who = l.seats.length ? l.seats.map((s) => (view.seats[s] ? view.seats[s].side : `Player ${s + 1}`)).join(", ") : (l.referee ? "host and referee" : "host (delete, spectators' links)");
        const url = origin + l.url;
        return el("div", { class: "link-row" }, el("span", { text: who }),
          el("input", { value: url, readonly: true, "aria-label": `link for ${who}`, onfocus: (ev) => ev.target.select() }));
      }), spectate);
  }

  renderActions(view) {
    const box = $("#actions");
    box.replaceChildren();
    const form = $("#notation");
    form.hidden = true;
    if (view.pending === "dice" && view.dice_prompt) {
      box.append(el("p", { class: "prompt", text: `Enter ${view.dice_prompt}` }));
      if (view.dice_outcomes && view.dice_outcomes.length <= 40) {
        box.append(el("div", { class: "choice-grid" }, ...view.dice_outcomes.map((o) =>
          el("button", { type: "button", class: "choice outcome", "data-action": o, onclick: () => this.play(o) }, el("span", { class: "choice-text", text: o })))));
      }
      form.hidden = false;
      $("#notation-text").placeholder = view.dice_outcomes ? view.dice_outcomes[0] : "";
      $("label[for=notation-text]").textContent = "What the dice show";
      return;
    }
    if (!view.actions) return;
    $("label[for=notation-text]").textContent = "Or type it";
    form.hidden = false;
    $("#notation-text").value = "";
    $("#notation-text").placeholder = `e.g. ${view.actions[0].notation}`;
    const buttons = view.actions.map((a, i) => {
      const button = el("button", {
        type: "button", class: "choice", "data-action": a.notation,
        title: a.text, onclick: () => this.play(a.notation),
      },
      i < 9 ? el("kbd", { text: String(i + 1) }) : null,
      el("span", { class: "choice-text", text: a.text }),
      a.text !== a.notation || view.actions.length > 12 ? el("code", { text: a.notation }) : null,
      el("span", { class: "value", "aria-label": "advisor's value" }));
      return button;
    });
    this.buttons = buttons;
    if (buttons.length <= 12) {
      box.append(el("div", { class: "choice-list" }, ...buttons));
    } else {
      box.append(el("div", { class: "best", id: "best" }));
      // The game's own groups, the choices that matter first (State.action_groups).
      const groups = view.groups && view.groups.length ? view.groups
        : [{ title: "", first: 0, count: buttons.length }];
      const scroller = el("div", { class: "choice-scroll" });
      groups.forEach((g, k) => {
        const list = buttons.slice(g.first, g.first + g.count);
        const open = k === 0 || groups.length <= 3 || list.length <= 6;
        scroller.append(el("details", { class: "group", open },
          el("summary", { text: `${g.title || "Choices"} (${list.length})` }), el("div", { class: "choice-grid" }, ...list)));
      });
      box.append(scroller);
    }
    if (view.advisor) this.advise(view);
  }

  async advise(view) {
    const note = el("p", { class: "advisor", text: "The advisor is thinking…" });
    $("#actions").prepend(note);
    let advice;
    try {
      advice = await api("GET", `/api/games/${this.id}/advice?move=${view.move}`, { token: this.token });
    } catch (e) {
      note.remove();
      return;
    }
    if (!this.view || this.view.move !== view.move) return;
    if (!advice.values) { note.textContent = advice.note ? `Advisor: ${advice.note}.` : ""; return; }
    note.textContent = `Advisor (★ best): ${advice.heading || advice.note}.`;
    const values = new Map(advice.values.map((v) => [v.action, v]));
    const best = advice.values.length ? advice.values[0].value : null;
    for (const b of this.buttons) {
      const v = values.get(b.dataset.action);
      if (v === undefined) continue;
      const star = v.value === best;
      $(".value", b).textContent = (star ? "★ " : "") + formatValue(v, advice.kind);
      if (star) b.classList.add("best-choice");
    }
    const top = $("#best");
    if (top) {
      const picks = advice.values.slice(0, 3).map((v) => this.buttons.find((b) => b.dataset.action === v.action)).filter(Boolean);
      top.replaceChildren(el("p", { class: "small-head", text: "Advisor's top choices" }),
        el("div", { class: "choice-list" }, ...picks.map((b) => {
          const copy = b.cloneNode(true);
          copy.addEventListener("click", () => this.play(b.dataset.action));
          copy.querySelector("kbd")?.remove();
          return copy;
        })));
    }
  }

  async play(notation) {
    if (this.busy || !this.view) return;
    this.busy = true;
    this.root.classList.add("busy");
    try {
      const view = await api("POST", `/api/games/${this.id}/actions`, { token: this.token, body: { move: this.view.move, action: notation } });
      this.render(view);
    } catch (e) {
      toast(e.message);
      if (e.status === 409) this.refresh();
    } finally {
      this.busy = false;
      this.root.classList.remove("busy");
    }
  }

  async undo() {
    if (!this.view || this.busy) return;
    try {
      const out = await api("POST", `/api/games/${this.id}/undo`, { token: this.token, body: { move: this.view.move } });
      toast(`Took back ${out.undone} step${out.undone === 1 ? "" : "s"}.`, "info");
      this.render(out.view);
    } catch (e) { toast(e.message); if (e.status === 409) this.refresh(); }
  }

  async skip() {
    try { await api("POST", `/api/games/${this.id}/skip`, { token: this.token }); $("#skip").hidden = true; } catch (e) { toast(e.message); }
  }

  onKey(ev) {
    if (ev.target.closest("input, textarea, select") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (!ev.target.closest("button, a") && this.pointing.onKey(ev)) { ev.preventDefault(); return; }
    if (/^[1-9]$/.test(ev.key) && this.buttons && this.view && this.view.actions) {
      const b = this.buttons[Number(ev.key) - 1];
      if (b) { ev.preventDefault(); b.click(); }
    } else if (ev.key === "u" && !$("#undo").disabled) { ev.preventDefault(); this.undo(); }
    else if (ev.key === "s" && !$("#skip").hidden) { ev.preventDefault(); this.skip(); }
    else if (ev.key === "/" && !$("#notation").hidden) { ev.preventDefault(); $("#notation-text").focus(); }
  }
}

// -- the replay viewer --------------------------------------------------------------------

// Each seat's colour on the review's curve and in its panel: the colour its
// game draws it in on the board, else one of a few that are told apart.
const SEAT_COLOURS = ["#1f5f8b", "#b5452b", "#3b7d3b", "#7a4e9c", "#a07a1b", "#2b8a8a", "#555555", "#c0337a"];
const GAME_COLOURS = {
  shootout: ["#1f77b4", "#b0307a"],
  cowboys: ["#1f4fbf", "#c0262d", "#1d7f3c", "#7e2fb8"],
  dungeons: ["#c0392b", "#2465b0", "#2e8b3a", "#d9822b"],
};
let reviewColours = SEAT_COLOURS;
const seatColour = (p) => reviewColours[p % reviewColours.length];
const MARK_WORDS = { inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
// The slider's thumb is 18 px wide (style.css): step 0 is drawn 9 px in from
// the curve's left, as the thumb's centre is from the slider's.
const THUMB_HALF = 9;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// A decision's cost as a person reads it: points of chance to win, or the score's units.
function costText(step) {
  return step.kind === "probability" ? `${(step.cost * 100).toFixed(1)} points` : step.cost.toFixed(3);
}

// What the review says of one step, as nodes (beside the step's description).
function stepVerdict(step) {
  if (!step) return null;
  if (step.chance) {
    return step.probability === null || step.probability === undefined ? null
      : [`Chance of this outcome: ${(step.probability * 100).toFixed(1)}%.`];
  }
  if (!step.judged) {
    return [/^forced/.test(step.why_not || "") ? "The only choice." : `Not judged: ${step.why_not}.`];
  }
  const value = (v, s) => formatValue({ value: v, spread: s }, step.kind);
  const chosen = value(step.chosen_value, step.chosen_spread);
  if (!(step.cost > 0)) return [`The best choice (${chosen}).`];
  const out = [];
  if (step.mark) out.push(el("span", { class: `mark mark-${step.mark}`, text: MARK_WORDS[step.mark] }), " ");
  out.push(`Cost ${costText(step)}${step.within_spread ? " (within the judge's spread)" : ""}. `);
  out.push(`Better: ${step.best_words}, worth ${value(step.best_value, step.best_spread)} against ${chosen} for the choice made.`);
  return out;
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// The win-probability curve under the slider: a line a seat, a dot a roll or
// draw, a coloured stroke at each marked decision, and the current step's marker.
function drawCurve(box, review, steps, current, go) {
  const width = box.clientWidth, height = box.clientHeight;
  if (!width || !height) return;
  const top = 6, bottom = 6;
  const span = Math.max(1, steps);
  const x = (s) => THUMB_HALF + (width - 2 * THUMB_HALF) * Math.min(s, span) / span;
  const y = (v) => top + (height - top - bottom) * (1 - v);
  const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "Each seat's chance to win after each step; choose a step by clicking" });
  svg.append(svgEl("rect", { x: 0, y: 0, width, height, class: "curve-bg" }));
  for (const v of [0, 0.5, 1]) {
    svg.append(svgEl("line", { x1: x(0), x2: x(span), y1: y(v), y2: y(v), class: v === 0.5 ? "curve-grid half" : "curve-grid" }));
  }
  const label = svgEl("text", { x: x(0) + 3, y: y(0.5) - 3, class: "curve-label" });
  label.textContent = "50%";
  svg.append(label);
  const byStep = new Map(review.steps.map((s) => [s.step, s]));
  const points = review.curve;
  for (const s of review.steps) {
    if (!s.mark) continue;
    svg.append(svgEl("line", { x1: x(s.step), x2: x(s.step), y1: 0, y2: height, class: `curve-mark mark-${s.mark}`, "data-step": s.step }));
  }
  const seats = review.seats.length;
  for (let p = 0; p < seats; p++) {
    let d = "", open = false;
    for (const pt of points) {
      const v = pt.values[p];
      if (v === null || v === undefined) { open = false; continue; }
      d += `${open ? "L" : "M"}${x(pt.step).toFixed(1)},${y(v).toFixed(1)}`;
      open = true;
    }
    if (d) svg.append(svgEl("path", { d, class: "curve-line", stroke: seatColour(p), "data-seat": p }));
    for (const pt of points) {
      const v = pt.values[p];
      if (!pt.chance || v === null || v === undefined) continue;
      svg.append(svgEl("circle", { cx: x(pt.step), cy: y(v), r: 2.2, fill: seatColour(p), class: "curve-dot" }));
    }
  }
  const after = new Map(points.map((pt) => [pt.step, pt]));
  for (const s of review.steps) {
    const pt = after.get(s.step);
    if (!s.mark || !pt || pt.values[s.seat] === null || pt.values[s.seat] === undefined) continue;
    svg.append(svgEl("circle", { cx: x(s.step), cy: y(pt.values[s.seat]), r: 4, class: `curve-marked mark-${s.mark}` }));
  }
  const cursor = svgEl("line", { x1: x(current), x2: x(current), y1: 0, y2: height, id: "curve-cursor", class: "curve-cursor" });
  svg.append(cursor);
  svg.addEventListener("click", (ev) => {
    const rect = svg.getBoundingClientRect();
    const at = (ev.clientX - rect.left - THUMB_HALF) / Math.max(1, rect.width - 2 * THUMB_HALF);
    go(Math.round(Math.max(0, Math.min(1, at)) * span));
  });
  box.replaceChildren(svg);
  box.dataset.steps = String(steps);
  return { move: (step) => { cursor.setAttribute("x1", x(step)); cursor.setAttribute("x2", x(step)); }, byStep };
}

async function showReplay(root, id) {
  root.replaceChildren($("#replay-tpl").content.cloneNode(true));
  const token = tokensOf(id)[0];
  const slider = $("#step");
  let steps = 0;
  let pending = 0;
  let review = null;   // the review, once made
  let curve = null;    // the drawn curve: move(step)
  const verdict = (step) => {
    const box = $("#step-review");
    const said = review ? stepVerdict(review.steps.find((s) => s.step === step)) : null;
    box.hidden = !said;
    box.replaceChildren(...(said || []));
  };
  const show = async (step) => {
    step = Math.max(0, Math.min(steps, step));
    slider.value = String(step);
    if (curve) curve.move(step);
    verdict(step);
    const ticket = ++pending;
    try {
      const frame = await api("GET", `/api/games/${id}/replay?step=${step}`, { token });
      if (ticket !== pending) return;
      steps = frame.steps;
      slider.max = String(steps);
      $("#step-out").textContent = `step ${frame.step} of ${frame.steps}`;
      setSvg($("#board"), frame.svg);
      fillLog($("#log"), frame.log);
      $("#last-move").textContent = frame.last ? `Step ${frame.step}: ${frame.last.by === "chance" ? "dice" : `Player ${frame.last.by + 1}`} — ${frame.last.move}` : "The start.";
    } catch (e) { toast(e.message); }
  };
  const redraw = () => {
    if (!review) return;
    curve = drawCurve($("#curve"), review, steps, Number(slider.value), show);
  };
  const showReview = (made) => {
    review = made;
    reviewColours = GAME_COLOURS[made.game] && GAME_COLOURS[made.game].length >= made.seats.length ? GAME_COLOURS[made.game] : SEAT_COLOURS;
    $("#curve").hidden = false;
    const note = $("#curve-note");
    note.hidden = false;
    note.replaceChildren(...made.seats.map((name, p) => el("span", { class: "legend-seat" },
      el("span", { class: "swatch", style: `background:${seatColour(p)}` }), name)),
    el("span", { class: "legend-seat" }, el("span", { class: "dot" }), "a roll or a draw"),
    el("span", { class: "legend-seat" }, el("span", { class: "bar mark-blunder" }), "a marked decision"));
    if (!made.curve.some((pt) => pt.values.some((v) => v !== null))) {
      $("#curve").hidden = true;
      note.replaceChildren("No chance to win to draw: this game's advisor gives a score here.");
    }
    const names = made.seats;
    $("#review-seats").replaceChildren(...made.seat_reviews.map((r) => el("li", {},
      el("span", { class: "swatch", style: `background:${seatColour(r.seat)}` }),
      el("strong", { text: names[r.seat] }),
      el("span", { class: "accuracy", text: r.accuracy === null ? (r.judged ? "accuracy: none (no decision in an open position)" : "accuracy: none (no chance to win judged)") : `accuracy ${r.accuracy.toFixed(1)}`,
        title: "Over the decisions in an open position: the best choice had 5% to 95% to win" }),
      el("span", { class: "counts" },
        ...[["inaccuracy", r.inaccuracies, "inaccuracies"], ["mistake", r.mistakes, "mistakes"], ["blunder", r.blunders, "blunders"]].map(
          ([mark, n, many]) => el("span", { class: n ? `mark mark-${mark}` : "mark none", text: plural(n, mark, many) }))),
      el("small", { text: `${plural(r.decisions, "decision", "decisions")}, ${r.judged} judged` + (r.mean_score_cost !== null ? `; mean cost in score ${r.mean_score_cost.toFixed(3)}` : "") }))));
    const costly = $("#costliest");
    costly.replaceChildren(...made.costliest.map((c) => {
      const step = made.steps.find((s) => s.step === c.step) || {};
      const link = el("a", { href: `#step-${c.step}`, "data-step": c.step,
        text: `Step ${c.step}, ${names[c.seat]}: cost ${costText({ kind: c.kind, cost: c.cost })}`,
        onclick: (ev) => { ev.preventDefault(); show(c.step); } });
      const tag = step.mark ? el("span", { class: `mark mark-${step.mark}`, text: MARK_WORDS[step.mark] })
        : (step.within_spread ? el("span", { class: "spread", text: "within the judge's spread" }) : null);
      return el("li", {}, link, tag, el("p", { class: "why", text: c.why }));
    }));
    if (!made.costliest.length) costly.replaceChildren(el("li", { class: "empty", text: "None: every decision judged was the best." }));
    const marks = Object.entries(made.thresholds).map(([name, least]) => `${name} ${Math.round(least * 100)}+`).join(", ");
    $("#review-notes").replaceChildren(
      `${capital(made.result).replace(/\.$/, "")}. Marks, in points of chance to win lost: ${marks}; none within the judge's spread. Accuracy counts the decisions in open positions (the best choice 5% to 95% to win).`,
      made.notes.length ? el("details", {}, el("summary", { text: "How the values are made" }),
        ...made.notes.map((n) => el("p", { text: `${capital(n)}.` }))) : null);
    $("#review-panel").hidden = false;
    $("#review-button").hidden = true;
    redraw();
    verdict(Number(slider.value));
  };
  const loadReview = async () => {
    $("#review-button").hidden = true;
    const note = $("#curve-note");
    note.hidden = false;
    note.replaceChildren(el("span", { class: "review-progress", text: "Reviewing every decision…" }));
    const url = new URL(location.href);
    url.searchParams.set("review", "1");
    history.replaceState(null, "", url);
    for (;;) {
      let res, data;
      try {
        res = await fetch(`/api/games/${id}/review`, { headers: token ? { "X-Saloon-Token": token } : {} });
        data = await res.json();
      } catch { data = null; }
      if (!root.contains(slider)) return;   // the page moved on
      if (!res || !res.ok || !data) {
        note.hidden = true;
        $("#review-button").hidden = false;
        toast((data && data.detail) || "The review could not be made; try again.");
        return;
      }
      if (res.status === 200) { showReview(data); return; }
      note.replaceChildren(el("span", { class: "review-progress",
        text: `Reviewing every decision… ${data.done} of ${plural(data.total, "decision", "decisions")} judged (${Math.round(data.seconds)} s)` }),
      el("progress", { max: String(Math.max(1, data.total)), value: String(data.done) }));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  try {
    const view = await api("GET", `/api/games/${id}`, { token });
    document.title = `Saloon: replay of ${view.title}`;
    $("#replay-title").textContent = `Replay: ${view.title}`;
    $("#replay-info").textContent = view.seats.map((s) => `${s.side || `Player ${s.seat + 1}`} (${s.human ? "person" : s.spec})`).join(" · ")
      + (view.result ? ` — ${resultText(view.result, view.seats)}` : "");
    steps = view.move;
    $("#review-button").hidden = !view.record_allowed;
    setUpFork(view, id, token, () => Number(slider.value), () => steps);
  } catch (e) { toast(e.message); return; }
  slider.max = String(steps);
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(Number(slider.value) - 1));
  $("#next").addEventListener("click", () => show(Number(slider.value) + 1));
  $("#last").addEventListener("click", () => show(steps));
  $("#review-button").addEventListener("click", loadReview);
  new ResizeObserver(() => redraw()).observe($("#curve"));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, textarea, select")) return;
    if (ev.key === "ArrowRight") show(Number(slider.value) + 1);
    else if (ev.key === "ArrowLeft") show(Number(slider.value) - 1);
    else if (ev.key === "Home") show(0);
    else if (ev.key === "End") show(steps);
  });
  show(steps);
  if (new URLSearchParams(location.search).get("review") === "1") loadReview();
}

/** "Play from here": a form of the new game's seats (each a person or a
 * bot), then POST /api/games/{id}/fork from the step the slider shows. */
function setUpFork(view, id, token, stepNow, lastStep) {
  const game = CATALOG[view.game];
  const button = $("#fork-button");
  const form = $("#fork-form");
  if (!game || !view.record_allowed) return;
  button.hidden = false;
  const anyPerson = view.seats.some((s) => s.human);
  const selects = view.seats.map((s, p) => {
    const bots = [...game.agents];
    if (!s.human && s.spec && !bots.includes(s.spec)) bots.push(s.spec);   // a scenario's own bot
    const chosen = s.human || (!anyPerson && p === 0) ? "human" : (s.spec || game.default_agent);
    const select = el("select", { "aria-label": `Who plays ${s.side || `player ${p + 1}`}` },
      el("option", { value: "human", text: "a person (this browser)" }),
      ...bots.map((b) => el("option", { value: b, text: `bot: ${b}` })));
    select.value = chosen;
    return select;
  });
  $("#fork-seats").replaceChildren(...view.seats.map((s, p) =>
    el("label", {}, el("span", { text: s.side || `Player ${p + 1}` }), selects[p])));
  $("#fork-keep-row").hidden = game.perfect_information;
  const open = () => {
    const step = stepNow();
    $("#fork-title").textContent = `Play from step ${step}`;
    $("#fork-about").textContent = `A new game from step ${step} of ${lastStep()}, with new dice; its record says where it came from.`
      + (game.perfect_information ? "" : " The cards the new game's person could not see there are drawn again: a replay shows every hand.");
    form.hidden = false;
    $("#fork-start").focus();
  };
  button.addEventListener("click", () => { if (form.hidden) open(); else form.hidden = true; });
  $("#fork-cancel").addEventListener("click", () => { form.hidden = true; });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {
      step: stepNow(),
      seats: selects.map((s) => s.value),
      hands: "hotseat",
      pace: 0.8,
      keep_hidden: !game.perfect_information && $("#fork-keep").checked,
    };
    try {
      const made = await api("POST", `/api/games/${id}/fork`, { token, body });
      enterGame(made);
    } catch (e) { toast(e.message); }
  });
}

// -- routing ---------------------------------------------------------------------------------

let current = null;
async function route() {
  if (current) { current.close(); current = null; }
  const root = $("#app");
  const path = location.pathname;
  let match;
  if ((match = path.match(/^\/table\/([\w-]+)$/))) {
    const id = match[1];
    const hashToken = location.hash.slice(1);
    if (hashToken) keepToken(id, hashToken);
    const token = hashToken || tokensOf(id)[0] || null;
    current = new TableView(root, id, token);
    await current.start();
  } else if ((match = path.match(/^\/replay\/([\w-]+)$/))) {
    await showReplay(root, match[1]);
  } else {
    await showLobby(root);
  }
}

window.addEventListener("popstate", route);
document.addEventListener("DOMContentLoaded", async () => {
  try {
    const games = (await api("GET", "/api/catalog")).games;
    for (const g of games) CATALOG[g.id] = g;
  } catch { /* the lobby reports it */ }
  route();
});
