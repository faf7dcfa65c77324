/**
 * The Penang Rummy replay viewer: one game as a table, stepped through version by version.
 *
 * Two sources of views, one renderer. Every view has the shape of the API's spectator
 * view (`GameView` in openapi.json: seats, table, turn, over, result):
 *
 * - a game of the service (`/viewer?game=<id>`): `GET /games/{id}?version=N` gives the
 *   view at any version (time travel), so the rules are never re-implemented here; a
 *   running game is followed live through its event stream (`follow`, below);
 * - a record file (`penang-rummy-record/1`, JSON or NDJSON), replayed in the browser
 *   without the server: `evolve` folds its events the way `domain/state.py` does, for
 *   what the table shows only. It checks no rule; importing the record does.
 *
 * Versions count events: version 1 is the deal, version N the state after event N.
 */

const API = new URL("..", import.meta.url); // the service's root: this module is /viewer/viewer.js
const POLL_MS = 1000;
const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
const $ = (selector) => document.querySelector(selector);

let game = null; // the open game: {kind, events, latest, over, view(version), ...}
let current = 0; // the version shown
let stopFollowing = null; // aborts the live follow of a running game

// --- reading from the service ----------------------------------------------------------

async function getJson(path, init) {
  const response = await fetch(new URL(path, API), init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const where = body.rule ? ` (rule ${body.rule})` : "";
    const at = body.event_index === undefined ? "" : ` at event ${body.event_index}`;
    throw new Error(`${body.title ?? response.statusText}: ${body.detail ?? response.status}${where}${at}`);
  }
  return body;
}

const sleep = (ms, signal) =>
  new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), done()), { once: true });
  });

/**
 * Follow a running game and hand every batch of new events to `onEvents`, until the game
 * ends or `signal` aborts: the one place that knows how updates arrive. Where the browser
 * has EventSource, the service's live-updates stream (`GET /games/{id}/stream`, as a
 * spectator) brings each event as it is recorded, and a `turn` message closes each
 * batch; the EventSource resumes by itself after a drop (`Last-Event-ID`), and the
 * stream ends when the game does. Elsewhere, `poll` asks `getEvents` every second.
 */
export function follow(gameId, since, onEvents, signal, interval = POLL_MS) {
  if (typeof EventSource === "undefined") return poll(gameId, since, onEvents, signal, interval);
  const url = new URL(`games/${gameId}/stream?last_event_id=${since}`, API);
  const source = new EventSource(url);
  let batch = [];
  // A `turn` message closes each batch (a turn's events, the end and the seed's reveal
  // come together); once it says the game is over, nothing more comes.
  source.addEventListener("turn", (message) => {
    const records = batch;
    batch = [];
    if (records.length > 0) onEvents(records);
    if (JSON.parse(message.data).over) source.close();
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) return; // the game is over: 204
    showError("Following the game: the stream dropped; resuming.");
  };
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (message) => batch.push(JSON.parse(message.data)));
  }
  signal.addEventListener("abort", () => source.close(), { once: true });
  return Promise.resolve();
}

/** The game's event types: each arrives on the stream as an SSE event of its name. */
const EVENT_TYPES = [
  "Dealt", "PassportMelded", "Melded", "LaidOff", "WildSwapped", "TurnEnded",
  "DeclaredDead", "DeclaredGame", "GameEnded", "SeedRevealed",
];

/** Polling `GET /games/{id}/events?since=N`, for a browser without EventSource. */
export async function poll(gameId, since, onEvents, signal, interval = POLL_MS) {
  while (!signal.aborted) {
    await sleep(interval, signal);
    if (signal.aborted) return;
    try {
      const page = await getJson(`games/${gameId}/events?since=${since}`);
      if (page.events.length === 0) continue;
      since = page.events.at(-1).version;
      onEvents(page.events);
      if (ended(page.events)) return;
    } catch (error) {
      showError(`Following the game: ${error.message}; trying again.`);
    }
  }
}

async function openServerGame(id, wanted) {
  const page = await getJson(`games/${encodeURIComponent(id)}/events?since=0`);
  const views = new Map(); // version -> view; cleared when the game ends (R3: hands shown)
  game = {
    kind: "server", id, events: page.events, latest: page.version, over: ended(page.events),
    async view(version) {
      if (!views.has(version)) views.set(version, await getJson(`games/${id}?version=${version}`));
      return views.get(version);
    },
    forget: () => views.clear(),
  };
  $("#source").textContent = `Game ${id} of this service, as a spectator sees it.`;
  await show(wanted ?? game.latest);
  if (!game.over) startFollowing();
}

function startFollowing() {
  const controller = new AbortController();
  stopFollowing = () => controller.abort();
  $("#live").hidden = false;
  const following = game;
  follow(following.id, following.latest, async (records) => {
    if (game !== following) return;
    const atLatest = current === game.latest;
    game.events.push(...records);
    game.latest = records.at(-1).version;
    if (ended(records)) {
      game.over = true;
      game.forget();
      $("#live").hidden = true;
    }
    await show(atLatest || game.over ? game.latest : current);
  }, controller.signal);
}

const ended = (records) => records.some((record) => record.event.type === "GameEnded");

// --- replaying a record file in the browser (mirrors domain/state.py) -----------------

/** A record's header and stored events, from its JSON or NDJSON text. */
export function parseRecord(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    const [header, ...events] = text.split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
    record = { ...header, events };
  }
  if (record?.format !== "penang-rummy-record/1" || !Array.isArray(record.events)) {
    throw new Error("not a game record (format penang-rummy-record/1)");
  }
  if (record.events[0]?.type !== "Dealt") throw new Error("a record begins with Dealt");
  return record;
}

const cardOrder = (text) =>
  text === "JK" ? 52 : "SHDC".indexOf(text.at(-1)) * 13 + RANKS.indexOf(text.slice(0, -1));
const sortCards = (cards) => [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));
function without(cards, card) {
  const at = cards.indexOf(card);
  if (at < 0) throw new Error(`${card} is not in the hand it leaves`);
  return cards.toSpliced(at, 1);
}

function nextLiveSeat(dead, after) {
  for (let step = 1; step <= dead.length; step += 1) {
    const seat = (after + step) % dead.length;
    if (!dead[seat]) return seat;
  }
  return null;
}

/** The state after `event`: `domain/state.py` evolve, for what the table shows. */
export function evolve(state, event) {
  if (event.type === "Dealt") {
    const seats = event.players.length;
    return {
      players: event.players, dealer: event.dealer, rules: event.rules,
      hands: event.hands.map(sortCards), undealt: event.undealt.length, table: [],
      passport: Array(seats).fill(false), dead: Array(seats).fill(false),
      turn: (event.dealer + 1) % seats, ended: null, version: 1,
    };
  }
  const next = { ...state, version: state.version + 1 };
  const hand = (cards) => (next.hands = next.hands.with(event.seat, cards));
  const meld = state.table[event.meld];
  switch (event.type) {
    case "PassportMelded": // the seat's first meld (P26)
      next.passport = next.passport.with(event.seat, true);
    // falls through
    case "Melded":
      hand(event.cards.reduce(without, state.hands[event.seat]));
      next.table = [...state.table, {
        id: event.meld, owner: event.seat, kind: event.kind,
        cards: event.cards, stands_for: event.stands_for,
      }];
      break;
    case "LaidOff": { // onto either end of a run, or a set (P19, P20)
      const low = event.end === "low";
      const grown = {
        ...meld,
        cards: low ? [event.card, ...meld.cards] : [...meld.cards, event.card],
        stands_for: low ? [event.stands_for, ...meld.stands_for] : [...meld.stands_for, event.stands_for],
      };
      next.table = state.table.with(event.meld, grown);
      hand(without(state.hands[event.seat], event.card));
      break;
    }
    case "WildSwapped": // the card takes the joker's slot; the joker goes to hand (P23)
      next.table = state.table.with(event.meld, { ...meld, cards: meld.cards.with(event.slot, event.card) });
      hand(sortCards([...without(state.hands[event.seat], event.card), meld.cards[event.slot]]));
      break;
    case "TurnEnded": // play passes clockwise to the next live seat (P9)
      next.turn = nextLiveSeat(state.dead, event.seat);
      break;
    case "DeclaredDead":
      next.dead = state.dead.with(event.seat, true);
      if (state.turn === event.seat) next.turn = nextLiveSeat(next.dead, event.seat);
      break;
    case "GameEnded":
      next.ended = event;
      next.turn = null;
      break;
    case "DeclaredGame": // the result follows in GameEnded
    case "SeedRevealed":
      break;
    default:
      throw new Error(`unknown event type ${event.type}`);
  }
  return next;
}

/** The state as a spectator's view: every hand once the game is over (R3), else none. */
function viewOf(state, showHands) {
  const result = state.ended && {
    reason: state.ended.reason, winners: state.ended.winners,
    points: state.ended.points, deadwood: state.ended.deadwood,
  };
  return {
    version: state.version, dealer: state.dealer, turn: state.turn, over: Boolean(result), result,
    undealt_count: state.undealt, table: state.table,
    seats: state.players.map((name, seat) => ({
      seat, name, hand_size: state.hands[seat].length, passport: state.passport[seat],
      dead: state.dead[seat], hand: showHands ? state.hands[seat] : null,
    })),
  };
}

async function openRecord(text, name) {
  const record = parseRecord(text);
  const over = record.events.some((event) => event.type === "GameEnded");
  const views = [];
  record.events.reduce((state, event) => {
    const next = evolve(state, event);
    views.push(viewOf(next, over));
    return next;
  }, null);
  game = {
    kind: "record", record, over, latest: views.length,
    events: record.events.map((event, index) => ({ version: index + 1, event })),
    view: (version) => views[version - 1],
  };
  const source = $("#source");
  source.replaceChildren(`Record file ${name}, replayed in this browser without checking the rules. `);
  const check = element("button", { type: "button", id: "import" }, "Check it and import it into the service");
  check.addEventListener("click", () => importRecord(record));
  source.append(check);
  await show(game.latest);
}

async function importRecord(record) {
  try {
    const imported = await getJson("games/import", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(record),
    });
    window.location.search = `?game=${imported.game_id}`;
  } catch (error) {
    showError(`The service refused the record: ${error.message}`);
  }
}

// --- rendering ----------------------------------------------------------------------

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A card in the notation's symbols (♠ ♥ ♦ ♣, red for hearts and diamonds); jokers marked. */
function cardText(text) {
  return text === "JK" ? "JK" : text.slice(0, -1) + SUITS[text.at(-1)][0];
}

function card(text, standsFor) {
  if (text === "JK") {
    const as = standsFor ? ` as ${/[SHDC]$/.test(standsFor) ? cardText(standsFor) : standsFor}` : "";
    return element("span", { class: "card joker", "data-card": "JK", title: `joker${as}` },
      "JK", ...(as ? [element("span", { class: "as" }, `=${as.slice(4)}`)] : []));
  }
  const [symbol, suit] = SUITS[text.at(-1)];
  const rank = text.slice(0, -1);
  const red = suit === "hearts" || suit === "diamonds";
  return element("span", {
    class: red ? "card red" : "card", "data-card": text, title: `${RANK_NAMES[rank] ?? rank} of ${suit}`,
  }, rank + symbol);
}

/** Cards separated by spaces, so that the table reads as text too. */
const cards = (texts, standsFor = []) =>
  texts.flatMap((text, i) => [...(i ? [" "] : []), card(text, standsFor[i])]);

function meldNode(meld) {
  const label = element("span", { class: "meld-label" }, `#${meld.id} ${meld.kind} `);
  return element("span", { class: "meld", "data-meld": meld.id }, label, ...cards(meld.cards, meld.stands_for));
}

function seatRow(view, seat) {
  const status = [];
  if (view.turn === seat.seat) status.push("▶ to play");
  if (view.dealer === seat.seat) status.push("dealer");
  if (seat.passport) status.push("passport");
  if (seat.dead) status.push("dead");
  if (view.result?.winners.includes(seat.seat)) status.push("winner");
  const hand = seat.hand ? cards(seat.hand) : [element("span", { class: "hidden-hand" }, "hidden")];
  const melds = view.table.filter((meld) => meld.owner === seat.seat).map(meldNode);
  const classes = [view.turn === seat.seat && "turn", seat.dead && "dead"].filter(Boolean).join(" ");
  return element("tr", { "data-seat": seat.seat, class: classes },
    element("th", { scope: "row" }, String(seat.seat)),
    element("td", {}, seat.name),
    element("td", { class: "hand-size" }, String(seat.hand_size)),
    element("td", { class: "hand" }, ...hand),
    element("td", { class: "melds" }, ...melds),
    element("td", { class: "status" }, status.join(", ")),
    element("td", { class: "points" }, view.result ? String(view.result.points[seat.seat]) : ""),
  );
}

function statusLine(view) {
  const name = (seat) => view.seats[seat].name;
  if (view.result) {
    const how = view.result.reason === "game" ? "Game declared" : "every seat is dead";
    return `Game over: ${how}; won by ${view.result.winners.map(name).join(" and ")}.`;
  }
  return view.turn === null ? "Nobody is to play." : `${name(view.turn)} to play.`;
}

function describe(event, players) {
  const who = (seat) => players[seat] ?? `seat ${seat}`;
  switch (event.type) {
    case "Dealt":
      return [`Dealt to ${event.players.join(", ")}; ${who(event.dealer)} deals.`];
    case "PassportMelded":
    case "Melded": {
      const what = event.type === "PassportMelded" ? "passport" : "meld";
      return [`${who(event.seat)} lays ${what} #${event.meld} (${event.kind}): `, ...cards(event.cards, event.stands_for)];
    }
    case "LaidOff":
      return [`${who(event.seat)} lays off `, card(event.card, event.stands_for), ` on #${event.meld}${event.end ? ` (${event.end} end)` : ""}.`];
    case "WildSwapped":
      return [`${who(event.seat)} swaps `, card(event.card), ` for the joker in #${event.meld}.`];
    case "TurnEnded":
      return [`${who(event.seat)} ends the turn.`];
    case "DeclaredDead":
      return [`${who(event.seat)} is dead (${event.reason.replace("_", " ")}).`];
    case "DeclaredGame":
      return [`${who(event.seat)} declares Game.`];
    case "GameEnded":
      return [`The game ends; points ${event.points.join(" / ")}.`];
    case "SeedRevealed":
      return ["The server seed behind the deal is revealed."];
    default:
      return [event.type];
  }
}

function renderEvents() {
  const players = game.events[0].event.players;
  const items = game.events.map(({ version, event }) => {
    const button = element("button", { type: "button", "data-version": version }, `v${version} `, ...describe(event, players));
    button.addEventListener("click", () => show(version));
    return element("li", { value: version }, button);
  });
  $("#events").replaceChildren(...items);
}

/** Show `version` (clamped to the game's versions). */
async function show(version) {
  const wanted = Math.min(Math.max(1, version), game.latest);
  current = wanted;
  let view;
  try {
    view = await game.view(wanted);
  } catch (error) {
    showError(error.message);
    return;
  }
  if (current !== wanted) return; // a later step overtook this one
  $("#error").hidden = true;
  if ($("#events").children.length !== game.events.length) renderEvents();
  $("#status").textContent = statusLine(view);
  $("#seats tbody").replaceChildren(...view.seats.map((seat) => seatRow(view, seat)));
  for (const item of $("#events").children) {
    const at = Number(item.value);
    item.classList.toggle("future", at > wanted);
    if (at === wanted) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  $("#events").children[wanted - 1]?.scrollIntoView({ block: "nearest" });
  Object.assign($("#scrub"), { max: game.latest, value: wanted });
  $("#first").disabled = $("#back").disabled = wanted === 1;
  $("#forward").disabled = $("#last").disabled = wanted === game.latest;
  $("#position").textContent = `Version ${wanted} of ${game.latest}${game.over ? " (over)" : ""}`;
  const main = $("#game");
  main.hidden = false;
  main.dataset.version = wanted;
  main.dataset.latest = game.latest;
  $("#empty").hidden = true;
  if (game.kind === "server") {
    const url = new URL(window.location);
    url.searchParams.set("version", wanted);
    window.history.replaceState(null, "", url);
  }
}

function showError(message) {
  Object.assign($("#error"), { textContent: message, hidden: false });
}

// --- controls -----------------------------------------------------------------------

const STEPS = { ArrowLeft: -1, ArrowRight: 1 };

function onKey(event) {
  if (!game || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, textarea, select")) return;
  let target;
  if (event.key in STEPS) target = current + STEPS[event.key];
  else if (event.key === "Home") target = 1;
  else if (event.key === "End") target = game.latest;
  else return;
  event.preventDefault();
  show(target);
}

async function openFile(file) {
  if (!file) return;
  stopFollowing?.();
  $("#live").hidden = true;
  $("#game-id").value = "";
  window.history.replaceState(null, "", window.location.pathname);
  try {
    await openRecord(await file.text(), file.name);
  } catch (error) {
    showError(`${file.name}: ${error.message}`);
  }
}

function wire() {
  $("#first").addEventListener("click", () => game && show(1));
  $("#back").addEventListener("click", () => game && show(current - 1));
  $("#forward").addEventListener("click", () => game && show(current + 1));
  $("#last").addEventListener("click", () => game && show(game.latest));
  $("#scrub").addEventListener("input", (event) => game && show(Number(event.target.value)));
  document.addEventListener("keydown", onKey);
  $("#record-file").addEventListener("change", (event) => openFile(event.target.files[0]));
  document.addEventListener("dragover", (event) => event.preventDefault());
  document.addEventListener("drop", (event) => {
    event.preventDefault();
    openFile(event.dataTransfer.files[0]);
  });
}

wire();
const query = new URLSearchParams(window.location.search);
if (query.get("game")) {
  $("#game-id").value = query.get("game");
  const version = Number(query.get("version")) || undefined;
  openServerGame(query.get("game"), version).catch((error) => showError(error.message));
}
