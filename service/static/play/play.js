/**
 * The play page: a lobby to open a table, a link per open seat, and a seat's table.
 *
 * Everything the page knows of the game comes from the service: the seat's view
 * (`getSeatView`), its legal moves (`getLegalMoves`: each a body ready to send), the
 * match (`getMatch`), and the seat's live-updates stream, opened with a single-use
 * ticket (`createMatchStreamTicket`) since an EventSource sends no Authorization.
 * The page offers only the moves the service listed, and shows a refusal in the
 * service's words with its rule id. It computes no rule: selecting cards only narrows
 * the listed moves to those that use them.
 *
 * A table is a match. This browser keeps, in localStorage, the tables it opened or sits
 * at: for each, the match, the seat and that seat's token (for that table only), so a
 * reload resumes where it was. URLs: `/play` (the lobby), `/play?match=M&seat=S` (a
 * seat: claimed by name on the page when this browser holds no token for it). A link
 * never carries a token: a table with other people has open seats, and the service's
 * bots (`bots`) sit in theirs as the match opens.
 */

import {
  $, card, cardName, cardText, describe, element, getJson, loadGames, pilesNode, playersOf, seatRow, statusLine, SUITS,
} from "/viewer/table.js";
import { cardFace } from "/play/faces.js";
import { loadWords, t } from "/play/i18n.js";

const STORE = "penang-rummy-tables";
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = Object.keys(SUITS);
const MOVES_SHOWN = 40;

// --- the tables this browser keeps ---------------------------------------------------

function tables() {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? "[]");
  } catch {
    return [];
  }
}

function keep(entry) {
  const others = tables().filter((t) => !(t.match_id === entry.match_id && t.seat === entry.seat));
  localStorage.setItem(STORE, JSON.stringify([entry, ...others].slice(0, 50)));
}

const held = (matchId, seat) => tables().find((t) => t.match_id === matchId && t.seat === seat);
const seatUrl = (matchId, seat) => `${location.origin}/play?match=${matchId}&seat=${seat}`;

function showError(message) {
  Object.assign($("#error"), { textContent: message, hidden: !message });
}

// --- the lobby ----------------------------------------------------------------------

let lobby = null; // GET /play/games.json: the games and each one's bots

async function showLobby() {
  lobby = await loadGames();
  const select = $("#game");
  select.replaceChildren(...lobby.games.map((g) => element("option", { value: g.game }, g.title)));
  select.addEventListener("change", () => { seatRows(); ruleOptions(); });
  $("#seat-count").addEventListener("input", seatRows);
  seatRows();
  ruleOptions();
  $("#quick").replaceChildren(...lobby.games.filter((g) => g.bots.length).map((g) => {
    const button = element("button", { type: "button", "data-quick": g.game }, `${g.title} against a bot`);
    button.addEventListener("click", () => quickTable(g).catch((error) => showError(error.message)));
    return button;
  }).flatMap((b, i) => (i ? [" ", b] : [b])));
  $("#create").addEventListener("submit", (event) => {
    event.preventDefault();
    openTable().catch((error) => showError(error.message));
  });
  const listed = tables().map((t) =>
    element("li", {}, element("a", { href: `/play?match=${t.match_id}&seat=${t.seat}` },
      `${t.title ?? t.game} — seat ${t.seat} as ${t.name}`), ` (opened ${new Date(t.at).toLocaleString()})`));
  $("#tables").replaceChildren(...listed);
  $("#no-tables").hidden = listed.length > 0;
  markFinished(tables(), listed);
  $("#lobby").hidden = false;
}

/** Each table this browser keeps, marked finished or playing as its match says. */
function markFinished(kept, items) {
  kept.forEach((t, i) => {
    getJson(`/matches/${t.match_id}`).then((match) => {
      const over = Boolean(match.result) || match.status === "over" || match.status === "closed";
      items[i].dataset.status = over ? "finished" : "playing";
      items[i].prepend(element("span", { class: over ? "tag finished" : "tag" }, t(over ? "lobby.finished" : "lobby.playing")), " ");
    }).catch(() => items[i].prepend(element("span", { class: "tag" }, "Gone"), " "));
  });
}

const chosenGame = () => lobby.games.find((g) => g.game === $("#game").value);

/** One row per seat: seat 0 is you (a name); every other a person or one of the game's bots. */
function seatRows() {
  const spec = chosenGame();
  const count = $("#seat-count");
  Object.assign(count, { min: spec.min_seats, max: spec.max_seats });
  const n = Math.min(Math.max(Number(count.value) || spec.min_seats, spec.min_seats), spec.max_seats);
  const previous = [...document.querySelectorAll(".seat-row select")].map((s) => s.value);
  const rows = [element("div", { class: "seat-row" },
    element("label", { for: "seat-0-name" }, "Seat 0: you, named"),
    element("input", { id: "seat-0-name", autocomplete: "nickname", maxlength: "40", required: "", value: localStorage.getItem("penang-rummy-name") ?? "" }))];
  for (let seat = 1; seat < n; seat += 1) {
    const kind = element("select", { id: `seat-${seat}-kind`, "data-seat": seat },
      element("option", { value: "person" }, "a person (sent a link)"),
      ...spec.bots.map((bot) => element("option", { value: `bot:${bot}` }, `bot: ${bot}`)));
    if (previous[seat - 1] && [...kind.options].some((o) => o.value === previous[seat - 1])) kind.value = previous[seat - 1];
    rows.push(element("div", { class: "seat-row" }, element("label", { for: `seat-${seat}-kind` }, `Seat ${seat}:`), kind));
  }
  $("#seat-rows").replaceChildren(...rows);
  // The options the game's table takes, as the lobby's games.json lists them (`fields`).
  $("#games-field").hidden = !spec.fields.games;
  $("#target-field").hidden = !spec.fields.target;
  $("#clock-field").hidden = !spec.turn_clock;
  $("#cards-field").hidden = !spec.fields.cards_per_player;
  $("#scoring-field").hidden = !spec.fields.scoring;
  if (spec.target !== null && !$("#match-target").value) $("#match-target").placeholder = String(spec.target);
}

/** One choice for each rule option the game's table offers (games.json's `options`), the
 * table's default first and chosen. */
function ruleOptions() {
  const spec = chosenGame();
  $("#rule-options").replaceChildren(...(spec.options ?? []).map((option) => {
    const id = `option-${option.field}`;
    const select = element("select", { id, "data-field": option.field },
      ...option.choices.map((choice, i) => element("option", { value: String(i) }, choice.label)));
    return element("p", { class: "field" }, element("label", { for: id }, option.label), " ", select);
  }));
}

/** `body` with `value` at `path` (a list of keys), the objects on the way made as needed. */
function put(body, path, value, { nulls = false } = {}) {
  if (!path || value === undefined || (value === null && !nulls)) return body;
  let at = body;
  for (const key of path.slice(0, -1)) at = at[key] ??= {};
  at[path.at(-1)] = value;
  return body;
}

/** The game's `POST /matches` body to start from (games.json's `body`), a copy. */
const bodyOf = (spec) => structuredClone(spec.body);

/** The `POST /matches` body the lobby's form describes. */
function matchBody(you) {
  const spec = chosenGame();
  const body = bodyOf(spec);
  const kinds = [...document.querySelectorAll(".seat-row select")].map((s) => s.value);
  const cardsPer = Number($("#cards-per-player").value) || null;
  const games = Number($("#match-games").value) || null;
  const bots = kinds.map((k) => (k.startsWith("bot:") ? { bot: k.slice(4) } : null));
  if (bots.every(Boolean)) {
    body.players = [you, ...bots]; // nobody else to send a link: you and the bots, named
  } else {
    // Open seats: every person claims theirs by name from a link; the bots sit at once (R34).
    body.seats = kinds.length + 1;
    if (bots.some(Boolean)) body.bots = [null, ...bots];
  }
  // Each option where the game's games.json `fields` put it; one it takes not, nowhere.
  put(body, spec.fields.games, games);
  put(body, spec.fields.cards_per_player, cardsPer);
  put(body, spec.fields.target, Number($("#match-target").value) || null);
  const scoring = $("#match-scoring").value;
  if (spec.scorings.includes(scoring)) put(body, spec.fields.scoring, scoring);
  // Each rule option chosen otherwise than the table's default, where its field goes
  // (a choice of "none" is sent as null).
  for (const option of spec.options ?? []) {
    const chosen = Number($(`#option-${option.field}`)?.value ?? 0);
    if (chosen > 0) put(body, spec.fields[option.field], option.choices[chosen].value, { nulls: true });
  }
  const seconds = Number($("#turn-seconds").value) || null;
  if (seconds && spec.turn_clock) body.turn_seconds = seconds;
  return body;
}

async function openTable() {
  const you = $("#seat-0-name").value.trim();
  localStorage.setItem("penang-rummy-name", you);
  const created = await getJson("/matches", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(matchBody(you)),
  });
  const title = chosenGame().title;
  const base = { match_id: created.match_id, game: $("#game").value, title, at: Date.now(), host_token: created.host_token };
  if (created.tokens.length) {
    keep({ ...base, seat: 0, name: you, token: created.tokens[0] }); // you and bots: no other token
  } else {
    const claimed = await claim(created.match_id, 0, you);
    keep({ ...base, seat: 0, name: you, token: claimed.token });
  }
  location.assign(`/play?match=${created.match_id}&seat=0`);
}

/** One click: a table of this game, you and its first bot, one game (or hand) long. */
async function quickTable(spec) {
  const you = localStorage.getItem("penang-rummy-name") || "You";
  const body = put({ ...bodyOf(spec), players: [you, { bot: spec.bots[0] }] }, spec.fields.games, 1);
  const created = await getJson("/matches", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  keep({ match_id: created.match_id, seat: 0, name: you, token: created.tokens[0], game: spec.game, title: spec.title, at: Date.now() });
  location.assign(`/play?match=${created.match_id}&seat=0`);
}

const claim = (matchId, seat, name) =>
  getJson(`/matches/${matchId}/seats/${seat}/claim`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
  });

// --- claiming a seat from a link --------------------------------------------------------

/** The game a match plays: its `game`, or (a match of the default game names none) that. */
const gameOf = (match, offered) => match.game ?? offered.default_game;

async function showClaim(matchId, seat) {
  const match = await getJson(`/matches/${matchId}`);
  const offered = await loadGames();
  const game = gameOf(match, offered);
  const title = offered.games.find((g) => g.game === game)?.title ?? game;
  $("#claim-about").textContent = `Seat ${seat} of this table of ${title} for ${match.seats.length} is ${match.open_seats.includes(seat) ? "open" : "taken"}.`;
  $("#claim-name").value = localStorage.getItem("penang-rummy-name") ?? "";
  $("#claim-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("#claim-name").value.trim();
    try {
      const claimed = await claim(matchId, seat, name);
      localStorage.setItem("penang-rummy-name", name);
      keep({ match_id: matchId, seat, name, token: claimed.token, game, title, at: Date.now() });
      location.reload();
    } catch (error) {
      showError(error.message);
    }
  });
  $("#claim").hidden = false;
}

// --- the seat's table ----------------------------------------------------------------

const at = { entry: null, spec: null, match: null, gameId: null, view: null, moves: null, events: [] };
// The turn being chosen: its actions so far, and the service's answer for them
// (`getMovesAfter`: the view and the moves after them). Sent whole (P11, R22).
const turn = { actions: [], composed: null };
// A hand that ended while this page watched: its last view, shown until the player goes on.
const ending = { gameId: null, view: null, seen: new Set() };
const selected = new Set(); // indexes into the hand as shown
let sortBy = localStorage.getItem("penang-rummy-sort") ?? "suit";
let refreshing = null;
let stale = false;
let clockTimer = null;

const auth = () => ({ authorization: `Bearer ${at.entry.token}` });

async function showTable(entry) {
  at.entry = entry;
  $("#table").hidden = false;
  const match = await getJson(`/matches/${entry.match_id}`);
  const offered = await loadGames();
  const game = gameOf(match, offered);
  at.spec = offered.games.find((g) => g.game === game) ?? null;
  $("#table-about").textContent = `${at.spec?.title ?? game}: you are ${entry.name}, seat ${entry.seat}.`;
  $("#sort-suit").addEventListener("click", () => setSort("suit"));
  $("#sort-rank").addEventListener("click", () => setSort("rank"));
  setSort(sortBy);
  await refresh();
  listen();
}

function setSort(how) {
  sortBy = how;
  localStorage.setItem("penang-rummy-sort", how);
  $("#sort-suit").setAttribute("aria-pressed", String(how === "suit"));
  $("#sort-rank").setAttribute("aria-pressed", String(how === "rank"));
  selected.clear();
  if (at.view) drawHand();
}

/** Read the match, the seat's view and moves, and the events: everything shown. A call
 * while a read is under way reads again once it is done: that read may have started
 * before the change the call was made for, and must not stand in for a newer one. */
function refresh() {
  if (refreshing) {
    stale = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      stale = false;
      await load();
    } while (stale);
  })().finally(() => (refreshing = null));
  return refreshing;
}

async function load() {
  const { match_id: matchId, seat } = at.entry;
  at.match = await getJson(`/matches/${matchId}`);
  const gameId = at.match.current_game ?? at.match.games.at(-1)?.game_id ?? null;
  drawInvites();
  // A table still waiting for its seats shows no empty hand, moves, seats or events.
  for (const id of ["my-hand", "moves-box", "seats-box", "match-box", "events-box"]) $(`#${id}`).hidden = !gameId;
  if (!gameId) {
    $("#status").textContent = t("table.waiting");
    return;
  }
  const moved = gameId !== at.gameId;
  if (moved) {
    selected.clear();
    if (at.gameId && !ending.seen.has(at.gameId)) await keepEnding(at.gameId);
  }
  at.gameId = gameId;
  const [view, moves, events] = await Promise.all([
    getJson(`/games/${gameId}/seats/${seat}`, { headers: auth() }),
    getJson(`/games/${gameId}/seats/${seat}/moves`, { headers: auth() }),
    getJson(`/games/${gameId}/events?since=0`, { headers: auth() }),
  ]);
  if (moved || view.version !== at.view?.version) clearTurn();
  Object.assign(at, { view, moves: moves.moves, events: events.events });
  draw();
}

/** The hand `gameId`, ended while the page watched: its view now, every hand shown. */
async function keepEnding(gameId) {
  ending.seen.add(gameId);
  const view = await getJson(`/games/${gameId}/seats/${at.entry.seat}`, { headers: auth() });
  Object.assign(ending, { gameId, view });
  drawEnding();
  $("#ending-heading").focus();
}

function drawEnding() {
  const view = ending.view;
  $("#ending").hidden = view === null;
  $("#table").classList.toggle("ended", view !== null);
  if (!view) return;
  const word = at.spec?.game_word ?? "game";
  const number = at.match.games.findIndex((g) => g.game_id === ending.gameId) + 1;
  $("#ending-heading").textContent = `${word[0].toUpperCase()}${word.slice(1)} ${number || ""} is over`;
  $("#ending-status").textContent = statusLine(view);
  $("#ending-seats tbody").replaceChildren(...view.seats.map((seat) => seatRow(view, seat)));
}

$("#ending-next").addEventListener("click", () => {
  Object.assign(ending, { gameId: null, view: null });
  drawEnding();
  $("#status").focus?.();
});

function clearTurn() {
  turn.actions = [];
  turn.composed = null;
}

/** The view shown: after the actions chosen so far, where a turn is being chosen. */
const shownView = () => turn.composed?.view ?? at.view;
/** The moves offered: those that may follow the actions chosen so far. */
const shownMoves = () => turn.composed?.moves ?? at.moves;

/** What has the focus, as a selector that finds it again once the table is drawn anew
 * (a keyboard player's place survives the redraw a stream message brings). */
function focused() {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  if (node.id) return `#${node.id}`;
  if (node.dataset.pile) return `#piles [data-pile=${node.dataset.pile}]`;
  if (node.dataset.meld) return `#seats [data-meld="${node.dataset.meld}"]`;
  if (node.dataset.card && node.closest("#hand")) return `#hand button[data-card="${node.dataset.card}"]`;
  return null;
}

function draw() {
  const keep = focused();
  drawTable();
  if (keep && document.activeElement === document.body) document.querySelector(keep)?.focus();
}

function drawTable() {
  const view = shownView();
  const done = at.match.status === "over" || at.match.result;
  $("#status").textContent = statusLine(view) + (view.turn === at.entry.seat ? t("table.your_turn") : "") + (done ? " The match is over." : "");
  $("#piles").replaceWith(pilesNode(view));
  $("#seats tbody").replaceChildren(...view.seats.map((seat) => seatRow(view, seat)));
  drawHand();
  drawHandles();
  drawClock();
  drawTotals();
  const players = playersOf(at.events);
  $("#events").replaceChildren(...at.events.map(({ version, event }) =>
    element("li", { value: version }, `v${version} `, ...describe(event, players))));
  $("#events").scrollTop = $("#events").scrollHeight; // the list scrolls, never the page
  $("#table").dataset.version = at.view.version;
  $("#table").dataset.game = at.gameId;
  $("#table").dataset.composing = String(turn.actions.length);
}

function drawInvites() {
  const open = at.match.open_seats.map((seat) => ({ seat, url: seatUrl(at.entry.match_id, seat) }));
  const shown = at.match.result ? [] : open;
  $("#invite-list").replaceChildren(...shown.map(({ seat, url }) =>
    element("li", {}, element("label", { for: `invite-${seat}` }, `Seat ${seat}: `),
      element("input", { id: `invite-${seat}`, readonly: "", value: url, "data-seat": seat }), " ",
      element("a", { href: url, "data-invite": seat }, "open"))));
  $("#invites").hidden = shown.length === 0;
}

function drawTotals() {
  const word = at.spec?.game_word ?? "game";
  const names = at.match.seats.map((seat) => seat.name ?? `seat ${seat.seat}`);
  const games = at.match.games.length;
  const totals = at.match.totals.map((total, seat) => `${names[seat]} ${total}`).join(", ");
  const ended = at.match.result;
  const won = ended ? ` Won by ${ended.winners.map((s) => names[s]).join(" and ")}.` : "";
  const hands = at.match.hands_won ? ` Hands won: ${at.match.hands_won.map((n, seat) => `${names[seat]} ${n}`).join(", ")}.` : "";
  const bonuses = ended?.bonuses?.length
    ? ` Bonuses: ${ended.bonuses.map((b, seat) => `${names[seat]} ${b}`).join(", ")}; final scores: ${ended.final.map((f, seat) => `${names[seat]} ${f}`).join(", ")}.`
    : "";
  // G21: the loser scored nothing; the bonuses hold the doubling the table's rules name.
  const shutout = ended?.shutout ? " A shutout: the loser scored nothing, the winner's score doubled as the table plays it." : "";
  // G18: a match scored in columns (Gin's Hollywood) sums its columns' final scores (R55).
  const summed = ended?.columns?.length
    ? ` Final scores, the columns' sums: ${ended.final.map((f, seat) => `${names[seat]} ${f}`).join(", ")}.`
    : "";
  const result = won + hands + bonuses + shutout + summed;
  const scored = at.match.games.filter((g) => g.points).map((g) =>
    element("li", {}, `${word[0].toUpperCase()}${word.slice(1)} ${g.number}: points ${g.points.join(" / ")}; totals ${g.totals.join(" / ")}`));
  const columns = (at.match.columns ?? []).map((c) => element("li", { "data-column": c.number },
    `Column ${c.number}: ${c.points.map((p, seat) => `${names[seat]} ${p}`).join(", ")}` +
    (c.over
      ? ` (over, won by ${names[c.winner]}; bonuses ${c.bonuses.join(" / ")}${c.shutout ? "; a shutout, doubled" : ""}; final ${c.final.join(" / ")})`
      : " (open)")));
  $("#totals").replaceChildren(`${word[0].toUpperCase()}${word.slice(1)} ${games || "–"} of the match (${at.match.status}). Totals: ${totals}.${result}`,
    ...(columns.length ? [element("ul", { "aria-label": "Hollywood columns" }, ...columns)] : []),
    ...(scored.length ? [element("ul", {}, ...scored)] : []));
}

function sortedHand() {
  const hand = (shownView().hand ?? []).map((text, i) => ({ text, i }));
  const rank = (t) => (t === "JK" ? 99 : RANK_ORDER.indexOf(t.slice(0, -1)));
  const suit = (t) => (t === "JK" ? 9 : SUIT_ORDER.indexOf(t.at(-1)));
  const key = sortBy === "rank" ? (t) => rank(t) * 10 + suit(t) : (t) => suit(t) * 100 + rank(t);
  return hand.sort((a, b) => key(a.text) - key(b.text) || a.i - b.i);
}

function drawHand() {
  const buttons = sortedHand().map(({ text }, position) => {
    const pressed = selected.has(position);
    const button = element("button", {
      type: "button", class: "pick", "data-card": text, "aria-pressed": String(pressed),
      "aria-label": cardName(text), title: cardName(text),
    }, cardFace(text, text !== "JK" && text.slice(0, -1) === shownView().wild));
    button.addEventListener("click", () => {
      // A second press on the one card selected discards it, where a discard of it is
      // listed (the card a player taps to throw away); else it lets the card go.
      const discard = selected.size === 1 && selected.has(position) && listedDiscard(text);
      if (discard) return choose(discard.actions);
      if (selected.has(position)) selected.delete(position);
      else selected.add(position);
      button.setAttribute("aria-pressed", String(selected.has(position)));
      drawMoves();
      drawHandles();
    });
    return button;
  });
  $("#hand").replaceChildren(...buttons);
  $("#my-hand").hidden = shownView().hand === null;
  drawMoves();
  drawHandles();
}

/** The listed one-action bodies that use exactly the cards selected. */
function exactBodies() {
  if (!myTurn()) return [];
  const hand = sortedHand();
  const wanted = [...selected].map((p) => hand[p]?.text).filter(Boolean).sort();
  if (!wanted.length) return [];
  return listedBodies(shownMoves()).filter((body) =>
    body.actions.length === 1 && cardsOf(body).length === wanted.length && uses(body, wanted));
}

function listedDiscard(text) {
  if (!myTurn()) return null;
  return listedBodies(shownMoves()).find((body) =>
    body.actions.length === 1 && body.actions[0].type === "discard" && body.actions[0].card === text) ?? null;
}

const myTurn = () => at.view && at.view.turn === at.entry.seat && !at.view.over;
const SHORT = { meld: "move.meld", show_meld: "move.show_meld", discard: "move.discard", knock: "move.knock", go_out: "move.go_out_short", lay_off_card: "move.lay_off" };

/**
 * The cards handled: the stock and the discard pile are buttons where a draw from them
 * is listed; the cards selected get a button for each listed move that uses exactly
 * them ("Meld", "Discard"); a meld on the table takes the one card selected where that
 * lay-off is listed. Only what the service lists, and only on the seat's turn.
 */
function drawHandles() {
  const listed = myTurn() ? listedBodies(shownMoves()) : [];
  for (const [pile, source] of [["stock", "stock"], ["discards", "discard"]]) {
    const node = document.querySelector(`#piles [data-pile=${pile}]`);
    if (!node) continue;
    const draw = listed.find((b) => b.actions.length === 1 && b.actions[0].type === "draw" && b.actions[0].source === source);
    handle(node, draw, t(source === "stock" ? "move.draw_stock" : "move.draw_pile"));
  }
  const hand = sortedHand();
  const one = selected.size === 1 ? hand[[...selected][0]]?.text : null;
  for (const node of document.querySelectorAll("#seats [data-meld]")) {
    const meld = Number(node.dataset.meld);
    const lay = one && listed.find((b) => b.actions.length === 1 && b.actions[0].type === "lay_off" &&
      b.actions[0].meld === meld && b.actions[0].card === one);
    handle(node, lay, `${t("move.lay_off")} ${one ? cardName(one) : ""} ${t("move.on", { meld })}`);
  }
  const buttons = exactBodies().map((body) => {
    const action = body.actions[0];
    const label = action.type === "lay_off"
      ? `${t("move.lay_off")} ${t("move.on", { meld: action.meld })}${action.end ? t("move.end", { end: action.end }) : ""}`
      : SHORT[action.type] ? t(SHORT[action.type]) : actionWords(action).join("");
    const button = element("button", { type: "button", class: "handle", "data-action": action.type }, label);
    button.addEventListener("click", () => choose(body.actions));
    return button;
  });
  $("#card-actions").replaceChildren(...buttons);
  $("#card-actions").hidden = buttons.length === 0;
}

/** `node` made a button for `body` (a listed move) where there is one, else plain again. */
function handle(node, body, label) {
  node.onclick = null;
  node.onkeydown = null;
  if (!body) {
    for (const name of ["role", "tabindex", "aria-label"]) node.removeAttribute(name);
    node.classList.remove("handle");
    return;
  }
  Object.entries({ role: "button", tabindex: "0", "aria-label": label }).forEach(([k, v]) => node.setAttribute(k, v));
  node.classList.add("handle");
  node.onclick = () => choose(body.actions);
  node.onkeydown = (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(body.actions);
    }
  };
}

/** The cards a body sends, as a list (a card twice where it is sent twice). */
function cardsOf(body) {
  return body.actions.flatMap((action) => [
    ...(action.cards ?? []), ...(action.card ? [action.card] : []),
    ...(action.melds ?? []).flat(), ...(action.discard ? [action.discard] : []),
  ]);
}

function uses(body, wanted) {
  const pool = cardsOf(body);
  return wanted.every((text) => {
    const i = pool.indexOf(text);
    if (i < 0) return false;
    pool.splice(i, 1);
    return true;
  });
}

const phrase = (texts) => texts.flatMap((t, i) => [...(i ? [" "] : []), card(t)]);

function actionWords(action) {
  switch (action.type) {
    case "meld": return [`${t("move.meld")} `, ...phrase(action.cards)];
    case "lay_off": return [`${t("move.lay_off")} `, card(action.card), ` ${t("move.on", { meld: action.meld })}${action.end ? t("move.end", { end: action.end }) : ""}`];
    case "swap": return [`${t("move.swap")} `, card(action.card), ` ${t("move.for_joker", { meld: action.meld })}`];
    case "draw": return [t(action.source === "discard" ? "move.draw_pile" : "move.draw_stock")];
    case "discard": return [`${t("move.discard")} `, card(action.card)];
    case "go_out": return [`${t("move.go_out")} `, ...action.melds.flatMap((m, i) => [...(i ? ["; "] : []), ...phrase(m)]), t("move.discarding"), card(action.discard)];
    case "pass": return [t(at.view?.phase === "wall" ? "move.pass_wall" : "move.pass")];
    case "knock": return [t("move.knock")];
    case "big_gin": return [t("move.big_gin")];
    case "show_meld": return [`${t("move.show_meld")} `, ...phrase(action.cards)];
    case "lay_off_card": return [`${t("move.lay_off")} `, card(action.card)];
    case "done": return [t("move.done")];
    default: { // an action without words of its own: its type in words, then its cards
      const held = cardsOf({ actions: [action] });
      const what = action.type.replaceAll("_", " ");
      return [what[0].toUpperCase() + what.slice(1), ...(held.length ? [" ", ...phrase(held)] : [])];
    }
  }
}

/**
 * The moves a legal-moves answer lists, each a body ready to send: its list of bodies
 * (whole turns, or commands), or else its `actions`, each a command of its own.
 */
function listedBodies(moves) {
  const bodies = Object.values(moves ?? {}).find((value) => Array.isArray(value) && value[0]?.actions);
  return bodies ?? (moves?.actions ?? []).map((action) => ({ actions: [action] }));
}

function drawMoves() {
  const hand = sortedHand();
  const wanted = [...selected].map((p) => hand[p]?.text).filter(Boolean);
  // P9: moves are the seat on turn's; another seat's are neither listed nor clickable.
  const mine = at.view.turn === at.entry.seat && !at.view.over;
  const listed = mine ? listedBodies(shownMoves()) : [];
  const fitting = listed.filter((body) => uses(body, wanted));
  const items = fitting.slice(0, MOVES_SHOWN).map((body) => {
    const words = body.actions.flatMap((action, i) => [...(i ? [", then "] : []), ...actionWords(action)]);
    const button = element("button", { type: "button", class: "move" }, ...words);
    button.addEventListener("click", () => choose(body.actions));
    return element("li", {}, button);
  });
  // P29: offered where the service says no move is left (`can_move`), and only then.
  if (mine && at.spec?.declares_dead && at.moves?.can_move === false && !at.view.seats[at.entry.seat].dead) {
    const dead = element("button", { type: "button", class: "move", id: "declare-dead" }, "Declare myself dead (no move left)");
    dead.addEventListener("click", () => send(`/games/${at.gameId}/seats/${at.entry.seat}/dead`, null));
    items.push(element("li", {}, dead));
  }
  $("#moves").replaceChildren(...items);
  drawComposing(mine);
  let hint;
  if (!mine) hint = t(at.view.over ? "hint.over" : "hint.not_yours");
  else if (!listed.length) hint = t(turn.actions.length ? "hint.nothing_follows" : "hint.none");
  else if (wanted.length && !fitting.length) hint = t("hint.no_fit");
  else if (fitting.length > MOVES_SHOWN) hint = `${fitting.length} moves listed; the first ${MOVES_SHOWN} shown: select cards to narrow them.`;
  else if (turn.actions.length) hint = t("hint.add");
  else hint = wanted.length ? `The listed moves that use ${wanted.map(cardName).join(", ")}:` : t("hint.pick");
  $("#moves-hint").textContent = hint;
}

/** The turn chosen so far in words, and its buttons: send it whole, or start again. */
function drawComposing(mine) {
  const chosen = mine ? turn.actions : [];
  $("#composing").hidden = chosen.length === 0;
  if (!chosen.length) return;
  $("#composed-words").replaceChildren(t("table.so_far"),
    ...chosen.flatMap((action, i) => [...(i ? [", then "] : []), ...actionWords(action)]), ".");
  const send = $("#send-turn");
  send.disabled = !turn.composed?.complete;
  send.textContent = chosen.length === 1 ? t("table.send_1") : t("table.send_n", { n: chosen.length });
}

/**
 * Add a listed move to the turn being chosen. The service checks the turn so far and
 * answers what may follow (`getMovesAfter`); a turn it says is ended, or whose last
 * action must be recorded first (a draw from the stock), is sent at once.
 */
async function choose(actions) {
  $("#refusal").hidden = true;
  const chosen = [...turn.actions, ...actions];
  try {
    const composed = await getJson(`/games/${at.gameId}/seats/${at.entry.seat}/moves/after`, {
      method: "POST", headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ actions: chosen }),
    });
    if (composed.ends_turn || composed.send_first) return sendTurn(chosen);
    Object.assign(turn, { actions: chosen, composed });
    selected.clear();
    draw();
    // The key that chose the move finds the turn's send button next (by keyboard alone).
    if (composed.complete) $("#send-turn").focus();
  } catch (error) {
    refused(error);
  }
}

function sendTurn(actions = turn.actions) {
  return send(`/games/${at.gameId}/seats/${at.entry.seat}/turns`, { actions });
}

$("#send-turn").addEventListener("click", () => sendTurn());
$("#undo-turn").addEventListener("click", () => {
  clearTurn();
  selected.clear();
  draw();
});

async function send(path, body) {
  $("#refusal").hidden = true;
  try {
    await getJson(path, {
      method: "POST", headers: { ...auth(), "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    selected.clear();
    clearTurn();
    await refresh();
  } catch (error) {
    refused(error);
  }
}

/** The service's words with each card in the notation (`10H`) written with its suit's symbol. */
const symbols = (words) => String(words).replace(/\b(10|[2-9AJQK])([SHDC])\b/g, (code) => cardText(code));

function refused(error) {
  const problem = error.problem ?? {};
  // Worded from the problem's code and rule id, with the service's detail.
  Object.assign($("#refusal"), {
    textContent: t("refused", { rule: problem.rule ?? "–", code: problem.code ?? "–", detail: symbols(problem.detail ?? error.message) }),
    hidden: false,
  });
  $("#refusal").dataset.rule = problem.rule ?? "";
}

function drawClock() {
  clearInterval(clockTimer);
  const deadline = at.view.turn_deadline ? Date.parse(at.view.turn_deadline) : null;
  const clock = $("#clock");
  clock.hidden = deadline === null || at.view.over;
  if (clock.hidden) return;
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const who = `seat ${at.view.turn} · ${at.view.seats[at.view.turn]?.name ?? "?"}`;
    clock.textContent = `Clock: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left for the turn of ${who}`;
    clock.classList.toggle("short", left <= 10);
    if (left === 0) clearInterval(clockTimer);
  };
  tick();
  clockTimer = setInterval(tick, 1000);
}

// --- live: the seat's match stream, through a ticket ---------------------------------------

let lastEventId = null;

async function listen() {
  const { match_id: matchId, seat } = at.entry;
  let ticket;
  try {
    ticket = await getJson(`/matches/${matchId}/seats/${seat}/ticket`, { method: "POST", headers: auth() });
  } catch (error) {
    showError(`Following the table: ${error.message}; trying again.`);
    setTimeout(listen, 3000);
    return;
  }
  const url = new URL(ticket.stream, location.origin);
  if (lastEventId !== null) url.searchParams.set("last_event_id", lastEventId);
  const source = new EventSource(url);
  const onMessage = (message) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    refresh().then(() => showError("")).catch((error) => showError(error.message));
  };
  // What happened between the last read and the stream's opening is in no message of
  // it: read once more as it opens.
  source.onopen = () => refresh().catch((error) => showError(error.message));
  source.addEventListener("turn", onMessage);
  for (const type of ["MatchStarted", "MatchGameStarted", "MatchGameScored", "MatchEnded", "SeatClaimed", "SeatLeft", "MatchClosed"]) {
    source.addEventListener(type, onMessage);
  }
  source.onerror = () => {
    source.close(); // a ticket opens the stream once: a new one resumes it
    if (at.match?.result) return;
    setTimeout(listen, 1000);
  };
}

// --- start ---------------------------------------------------------------------------

async function start() {
  const query = new URLSearchParams(location.search);
  const matchId = query.get("match");
  const seat = Number(query.get("seat") ?? "0");
  if (!matchId) return showLobby();
  const entry = held(matchId, seat);
  if (!entry) return showClaim(matchId, seat);
  return showTable(entry);
}

/** The four-colour deck (diamonds blue, clubs green), kept in this browser. */
function fourColours() {
  const box = $("#four-colour");
  const apply = () => document.body.classList.toggle("four-colour", box.checked);
  box.checked = localStorage.getItem("penang-rummy-four-colour") === "1";
  box.addEventListener("change", () => {
    localStorage.setItem("penang-rummy-four-colour", box.checked ? "1" : "0");
    apply();
  });
  apply();
}

fourColours();
loadWords().then(start).catch((error) => showError(error.message));
