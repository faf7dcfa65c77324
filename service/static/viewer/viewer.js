/**
 * The replay viewer: a game (or a match's games) as a table, stepped through version by version.
 *
 * Every view comes from the service; nothing is folded here:
 *
 * - a game of the service (`/viewer?game=<id>`): `GET /games/{id}?version=N` gives the
 *   spectator view at any version (time travel); a running game is followed live
 *   through its event stream (`follow`, below) until its game or hand ends;
 * - a match of the service (`/viewer?match=<id>`): its games, each opened as above;
 * - a record file (a game's `penang-rummy-record/1` or `/2`, JSON or NDJSON, or a
 *   match's record), chosen or dropped: `POST /records/views` verifies it as
 *   `penang-rummy verify` does and answers its view at every version, or refuses it in
 *   the verifier's words.
 *
 * Versions count events: version 1 is the deal, version N the state after event N.
 */

import {
  $, element, describe, ended, eventTypes, getJson, loadGames, pilesNode, playersOf, seatRow, statusLine,
} from "./table.js";

const API = new URL("..", import.meta.url); // the service's root: this module is /viewer/viewer.js
const POLL_MS = 1000;
const api = (path) => new URL(path, API);

let game = null; // the open game: {kind, events, latest, over, view(version), ...}
let current = 0; // the version shown
let stopFollowing = null; // aborts the live follow of a running game

const sleep = (ms, signal) =>
  new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), done()), { once: true });
  });

/**
 * Follow a running game and hand every batch of new events to `onEvents`, until the game
 * ends or `signal` aborts. Where the browser has EventSource, the service's live-updates
 * stream (`GET /games/{id}/stream`, as a spectator) brings each event as it is recorded,
 * and a `turn` message closes each batch; once it says the game is over, nothing more
 * comes. Elsewhere, `poll` asks `getEvents` every second.
 */
export function follow(gameId, since, onEvents, signal, interval = POLL_MS) {
  if (typeof EventSource === "undefined") return poll(gameId, since, onEvents, signal, interval);
  const source = new EventSource(api(`games/${gameId}/stream?last_event_id=${since}`));
  let batch = [];
  source.addEventListener("turn", (message) => {
    const records = batch;
    batch = [];
    const turn = JSON.parse(message.data);
    if (records.length > 0 || turn.over) onEvents(records, turn.over);
    if (turn.over) source.close();
  });
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) return; // the game is over: 204
    showError("Following the game: the stream dropped; resuming.");
  };
  for (const type of eventTypes()) {
    source.addEventListener(type, (message) => batch.push(JSON.parse(message.data)));
  }
  signal.addEventListener("abort", () => source.close(), { once: true });
  return Promise.resolve();
}

/** Polling `GET /games/{id}/events?since=N`, for a browser without EventSource. */
export async function poll(gameId, since, onEvents, signal, interval = POLL_MS) {
  while (!signal.aborted) {
    await sleep(interval, signal);
    if (signal.aborted) return;
    try {
      const page = await getJson(api(`games/${gameId}/events?since=${since}`));
      if (page.events.length === 0) continue;
      since = page.events.at(-1).version;
      onEvents(page.events, ended(page.events));
      if (ended(page.events)) return;
    } catch (error) {
      showError(`Following the game: ${error.message}; trying again.`);
    }
  }
}

async function openServerGame(id, wanted) {
  await loadGames(); // the games the service plays: how their events read and end
  const page = await getJson(api(`games/${encodeURIComponent(id)}/events?since=0`));
  const views = new Map(); // version -> view; cleared when the game ends (R3: hands shown)
  game = {
    kind: "server", id, events: page.events, latest: page.version, over: ended(page.events),
    async view(version) {
      if (!views.has(version)) views.set(version, await getJson(api(`games/${id}?version=${version}`)));
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
  follow(following.id, following.latest, async (records, over) => {
    if (game !== following) return;
    const atLatest = current === game.latest;
    game.events.push(...records);
    if (records.length) game.latest = records.at(-1).version;
    if (over || ended(records)) {
      game.over = true;
      game.forget();
      $("#live").hidden = true;
      controller.abort();
      // The end shows what the hand hid (R3, R28): the events again, as now seen.
      game.events = (await getJson(api(`games/${game.id}/events?since=0`))).events;
      game.latest = game.events.at(-1)?.version ?? game.latest;
      $("#events").replaceChildren();
    }
    await show(atLatest || game.over ? game.latest : current);
  }, controller.signal);
}

async function openServerMatch(id, wantedGame, wantedVersion) {
  const offered = await loadGames(); // the games the service plays: how their events read and end
  const match = await getJson(api(`matches/${encodeURIComponent(id)}`));
  const word = offered.games.find((g) => g.game === (match.game ?? offered.default_game))?.game_word ?? "game";
  showMatch(match, `Match ${id} of this service`, (played) => {
    stopFollowing?.();
    openServerGame(played.game_id).catch((error) => showError(error.message));
  }, word);
  // The game asked for, else the one being played, else the first: a replay begins there.
  const first = wantedGame ?? match.current_game ?? match.games[0]?.game_id;
  if (first) await openServerGame(first, wantedGame ? wantedVersion : undefined);
}

/** A finished match's bonuses and final scores, where its game adds bonuses (G17, G21). */
function finalWords(match, names) {
  const result = match.result;
  if (!result?.bonuses?.length || !result.final?.length) return "";
  const each = (values) => values.map((v, seat) => `${names[seat]} ${v}`).join(", ");
  return ` Bonuses: ${each(result.bonuses)}; final scores: ${each(result.final)}.`;
}

/** A match's games, one button each, and its totals. */
function showMatch(match, title, open, word = "game") {
  const names = match.seats.map((seat) => seat.name ?? `seat ${seat.seat}`);
  const Word = word[0].toUpperCase() + word.slice(1);
  const games = match.games.map((played, i) => {
    const button = element("button", { type: "button", "data-game": played.game_id },
      `${Word} ${played.number ?? i + 1}${played.over ? "" : " (being played)"}`);
    button.addEventListener("click", () => open(played, i));
    const score = played.points ? ` points ${played.points.join(" / ")}, totals ${played.totals.join(" / ")}` : "";
    return element("li", {}, button, score);
  });
  const totals = match.totals.map((total, seat) => `${names[seat]} ${total}`).join(", ");
  $("#match").replaceChildren(
    element("h2", {}, `${title}: ${match.status}`),
    element("p", { id: "match-totals" }, `Totals: ${totals}.${finalWords(match, names)}`),
    element("ol", { id: "match-games", "aria-label": "Games of the match" }, ...games),
  );
  $("#match").hidden = false;
}

// --- a record file: verified and shown by the service ---------------------------------

async function openRecord(file) {
  await loadGames(); // the games the service plays: how their events read and end
  const text = await file.text();
  const answer = await getJson(api("records/views"), { // the file's text, unread: JSON or NDJSON
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ record: text }),
  });
  const ndjson = !isJson(text); // importRecord reads a JSON game record only
  $("#source").replaceChildren(`Record file ${file.name} (${answer.format}), verified by the service. `);
  if (answer.kind === "match") {
    const match = matchOfRecord(answer);
    showMatch(match, `Match record ${file.name}`, (_, i) => openRecordGame(answer.games[i], file.name, null));
    await openRecordGame(answer.games[0], file.name, null);
    return;
  }
  $("#match").hidden = true;
  await openRecordGame(answer.game, file.name, ndjson ? null : text);
}

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What the match panel shows of a match record: its games, as its events scored them. */
function matchOfRecord(answer) {
  const scored = answer.match_events.filter((event) => event.type === "MatchGameScored");
  const ending = answer.match_events.find((event) => event.type === "MatchEnded");
  const games = answer.games.map((played, i) => ({
    number: i + 1, game_id: played.game_id, over: Boolean(played.views.at(-1).result),
    points: scored[i]?.points ?? null, totals: scored[i]?.totals ?? null,
  }));
  const seats = answer.games[0]?.views[0].seats.map((seat) => ({ seat: seat.seat, name: seat.name })) ?? [];
  const totals = ending?.totals ?? scored.at(-1)?.totals ?? seats.map(() => 0);
  return { seats, games, status: answer.match_verdict.message, totals };
}

async function openRecordGame(played, name, importable) {
  game = {
    kind: "record", over: Boolean(played.views.at(-1).result), latest: played.views.length,
    events: played.events, view: (version) => played.views[version - 1],
  };
  const source = $("#source");
  source.querySelector("#import")?.remove();
  source.querySelector("#verdict")?.remove();
  $("#game").dataset.recordGame = played.game_id ?? "";
  source.append(element("span", { id: "verdict" }, played.verdict.message), " ");
  if (importable) {
    const check = element("button", { type: "button", id: "import" }, "Import it into the service");
    check.addEventListener("click", () => importRecord(importable));
    source.append(check);
  }
  $("#events").replaceChildren();
  await show(game.latest);
}

async function importRecord(text) {
  try {
    const imported = await getJson(api("games/import"), {
      method: "POST", headers: { "content-type": "application/json" }, body: text,
    });
    window.location.search = `?game=${imported.game_id}`;
  } catch (error) {
    showError(`The service refused the record: ${error.message}`);
  }
}

// --- rendering ----------------------------------------------------------------------

function renderEvents() {
  const players = playersOf(game.events);
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
  $("#piles").replaceWith(pilesNode(view));
  $("#seats tbody").replaceChildren(...view.seats.map((seat) => seatRow(view, seat)));
  for (const item of $("#events").children) {
    const at = Number(item.value);
    item.classList.toggle("future", at > wanted);
    if (at === wanted) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
  const step = $("#events").children[wanted - 1]; // the list scrolls to it, never the page
  if (step) $("#events").scrollTop = step.offsetTop - $("#events").offsetTop - $("#events").clientHeight / 2;
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
    // The address names what is open: the game (within its match) and the version.
    const url = new URL(window.location);
    url.searchParams.set("game", game.id);
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
    await openRecord(file);
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
if (query.get("match")) {
  const version = Number(query.get("version")) || undefined;
  openServerMatch(query.get("match"), query.get("game") ?? undefined, version).catch((error) => showError(error.message));
} else if (query.get("game")) {
  $("#game-id").value = query.get("game");
  const version = Number(query.get("version")) || undefined;
  openServerGame(query.get("game"), version).catch((error) => showError(error.message));
}
