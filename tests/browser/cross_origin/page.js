// A page of another site: it creates a game and plays a turn through the service's API
// across origins, and follows its own seat live through a stream opened with a ticket
// (an EventSource sends no Authorization). It knows no rules: it sends a turn the
// service's legal moves list, and shows what the service answers.

const api = new URLSearchParams(location.search).get("api");
const $ = (selector) => document.querySelector(selector);
const STREAMED = ["Dealt", "PassportMelded", "Melded", "LaidOff", "TurnEnded", "turn"];
const stream = { events: [], refused: false };

function note(text, kind = "info") {
  const item = document.createElement("li");
  item.textContent = text;
  item.className = kind;
  $("#log").append(item);
}

async function call(method, path, { token, body, headers = {} } = {}) {
  const sent = { ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (body !== undefined) sent["Content-Type"] = "application/json";
  const response = await fetch(api + path, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${data && data.code}`);
  return { response, data };
}

/** The seat's stream, opened with its ticket: each message is kept and shown. */
function follow(path, seat) {
  const source = new EventSource(api + path);
  for (const type of STREAMED) {
    source.addEventListener(type, (message) => {
      const data = JSON.parse(message.data);
      stream.events.push({ type, ...data });
      const item = document.createElement("li");
      item.textContent = type === "turn" ? `turn: seat ${data.turn} to play` : `${data.version} ${type}`;
      $("#events").append(item);
      if (type === "Dealt") $("#hand").textContent = data.event.hands[seat].join(" ");
    });
  }
  source.addEventListener("error", () => {
    stream.refused = source.readyState === EventSource.CLOSED;
  });
  return source;
}

/** Resolves once the stream shows what `seen` looks for; rejects if it was refused. */
function streamShows(seen) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (seen(stream.events)) resolve();
      else if (stream.refused) reject(new Error("the stream was refused"));
      else setTimeout(check, 50);
    };
    check();
  });
}

async function main() {
  $("#page-origin").textContent = location.origin;
  $("#api-origin").textContent = api;
  const body = { players: ["Aminah", "Ben"], rules: { cards_per_player: 7 }, seed: "table-1829" };
  const { response: made, data: game } = await call("POST", "/games", {
    body,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  const seat = game.view.turn;
  const token = game.tokens[seat];
  $("#game").textContent = game.game_id;
  $("#seat").textContent = `${seat} (${body.players[seat]})`;
  const read = { ETag: made.headers.get("ETag"), RateLimit: made.headers.get("RateLimit") };
  $("#headers").textContent = Object.entries(read).map(([k, v]) => `${k}: ${v}`).join("; ");
  note(`created game ${game.game_id} at version ${game.version}`);

  const path = `/games/${game.game_id}/seats/${seat}`;
  const { data: ticket } = await call("POST", `${path}/ticket`, { token });
  note(`a ticket to seat ${seat}'s stream, good until ${ticket.expires_at}`);
  const source = follow(ticket.stream, seat);
  await streamShows((events) => events.some((e) => e.type === "turn"));

  const { data: moves } = await call("GET", `${path}/moves`, { token });
  const { data: result } = await call("POST", `${path}/turns`, {
    token,
    body: moves.moves.turns[0],
    headers: { "If-Match": `"${moves.version}"` },
  });
  note(`played ${result.events.map((r) => r.event.type).join(", ")}: now version ${result.version}`);
  await streamShows((events) => events.some((e) => e.type === "turn" && e.version >= result.version));
  source.close();
  window.results = { game, seat, read, events: stream.events, played: result };
  $("#verdict").textContent = `Seat ${seat} played across origins and followed its own stream live.`;
  document.body.dataset.state = "done";
}

main().catch((error) => {
  note(`refused: ${error}`, "error");
  $("#verdict").textContent = `The browser refused: ${error.message}`;
  $("#verdict").className = "error";
  window.results = { error: String(error) };
  document.body.dataset.state = "failed";
});
