/**
 * Drawing a table: cards, melds, seats, the piles, how a hand ended, the events.
 *
 * Shared by the replay viewer and the play page. It draws what the service answers (a
 * game's view and its events) and decides nothing: no rule lives here, and no game is
 * named. What differs by game comes from the service: the games it plays
 * (`GET /play/games.json`, read once by `loadGames`: each game's first and last event,
 * and every event type a stream sends), and the views and events themselves, drawn
 * from the fields they carry. The words below are for the fields, reasons, phases and
 * event types the service has; an event type without words of its own (a new game's)
 * reads from its type and its fields (`inWords`), so a new game shows with no edit here.
 */

export const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANK_NAMES = { A: "ace", 1: "ace", 14: "ace", J: "jack", Q: "queen", K: "king" };
const REASONS = {
  game: "Game declared",
  all_dead: "every seat is dead",
  out: "went out",
  blocked: "the hand is blocked: nobody can go out",
  knock: "a knock",
  gin: "gin, every card melded",
  big_gin: "big gin, all eleven cards melded with no discard",
  undercut: "an undercut",
  wall: "the wall: a drawn hand",
  repeat: "the same discard taken back in turn: a drawn hand",
  upcard_limit: "the bound on upcard draws: a drawn hand",
  abandoned: "every seat left the table",
};

/** What the seat on turn does in each phase of a hand, in words (the view's `phase`). */
const PHASES = {
  draw: "draw",
  play: "meld or discard",
  offer: "take or pass the first upcard",
  discard: "discard or knock",
  wall: "pass or knock at the wall",
  knock_discard: "discard after knocking",
  knock_meld: "lay melds",
  layoff: "lay off",
  defend_meld: "lay melds",
};
/** A word of the service's (`all_dead`, `no_move`) as words. */
const words = (text) => String(text).replaceAll("_", " ");
const phaseWords = (view) => PHASES[view.phase] ?? words(view.phase);
const reasonWords = (reason) => REASONS[reason] ?? words(reason);
/** A seat's number: a view's seat names it, or (a seat view without `seat`) its place does. */
const seatNumber = (view, seat) => seat.seat ?? view.seats.indexOf(seat);

// --- the games the service plays -------------------------------------------------------

let games = null; // the promise of GET /play/games.json, read once
let endings = new Map(); // each game's last event type: what a match calls one game of it
let eventTypeNames = [];

/** The games the service plays (`GET /play/games.json`), read once: call before drawing. */
export function loadGames() {
  games ??= getJson(new URL("../play/games.json", import.meta.url)).then((lobby) => {
    endings = new Map(lobby.games.map((g) => [g.end_type, g.game_word]));
    eventTypeNames = lobby.event_types;
    return lobby;
  });
  return games;
}

export const $ = (selector, root = document) => root.querySelector(selector);

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** A card in the notation's symbols (♠ ♥ ♦ ♣); "JK" stays JK. */
export function cardText(text) {
  return text === "JK" ? "JK" : text.slice(0, -1) + SUITS[text.at(-1)][0];
}

/** A card's name as a screen reader speaks it: "queen of hearts", "joker as 5 of diamonds". */
export function cardName(text, standsFor) {
  if (text === "JK") {
    if (!standsFor) return "joker";
    // A set's joker stands for a rank (a position 1 is the low ace): "joker as a king".
    return `joker as ${/[SHDC]$/.test(standsFor) ? cardName(standsFor) : `a ${RANK_NAMES[standsFor] ?? standsFor}`}`;
  }
  const rank = text.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${SUITS[text.at(-1)][1]}`;
}

/** A card: symbol and colour for its suit, its name for a screen reader, jokers marked. */
export function card(text, standsFor, wild = null) {
  const name = cardName(text, standsFor);
  if (text === "JK") {
    const as = standsFor ? (/[SHDC]$/.test(standsFor) ? cardText(standsFor) : standsFor) : null;
    return element("span", { class: "card joker", "data-card": "JK", title: name, role: "img", "aria-label": name },
      "JK", ...(as ? [element("span", { class: "as", "aria-hidden": "true" }, `=${as}`)] : []));
  }
  const [symbol, suit] = SUITS[text.at(-1)];
  const rank = text.slice(0, -1);
  const red = suit === "hearts" || suit === "diamonds";
  const isWild = wild !== null && rank === wild;
  const classes = ["card", red && "red", isWild && "wild"].filter(Boolean).join(" ");
  const label = isWild ? `${name}, wild` : name;
  return element("span", { class: classes, "data-card": text, title: label, role: "img", "aria-label": label }, rank + symbol);
}

/** Cards separated by spaces, so that the table reads as text too. */
export const cards = (texts, standsFor = [], wild = null) =>
  texts.flatMap((text, i) => [...(i ? [" "] : []), card(text, standsFor[i], wild)]);

export function meldNode(meld, wild = null) {
  const label = element("span", { class: "meld-label" }, `#${meld.id} ${meld.kind} `);
  return element("span", { class: "meld", "data-meld": meld.id }, label, ...cards(meld.cards, meld.stands_for, wild));
}

/** What a seat holds on the table: its melds on the table, the melds it shows in its
 * seat (laid after a knock), and those it went out with (a hand's result). */
function seatMelds(view, seat) {
  const number = seatNumber(view, seat);
  const melds = (view.table ?? []).filter((meld) => meld.owner === number).map((meld) => meldNode(meld, view.wild));
  (seat.melds ?? []).forEach((group, i) => {
    melds.push(element("span", { class: "meld", "data-shown": i }, ...cards(group)));
  });
  const declared = view.result?.melds?.[number] ?? [];
  declared.forEach((group, i) => {
    melds.push(element("span", { class: "meld declared", "data-declared": i },
      // Only the seat that went out has gone out; every other seat's melds are its own.
      element("span", { class: "meld-label" }, number === view.result?.went_out ? "gone out with " : "melded "),
      ...cards(group, [], view.wild)));
  });
  return melds;
}

/** The hand a seat shows: its cards, its deadwood once scored, or "hidden". */
function seatHand(view, seat) {
  const number = seatNumber(view, seat);
  const scored = view.result?.melds?.[number]?.length ? view.result.deadwood[number] : null;
  const hand = scored ?? seat.hand;
  if (hand === null || hand === undefined) return [element("span", { class: "hidden-hand" }, "hidden")];
  return cards(hand, [], view.wild ?? null);
}

export function seatRow(view, seat) {
  const number = seatNumber(view, seat);
  const status = [];
  if (view.turn === number) status.push(`▶ to ${view.phase === "draw" ? "draw" : "play"}`);
  if (view.dealer === number) status.push("dealer");
  if (seat.passport) status.push("passport");
  if (seat.dead) status.push("dead");
  if (view.went_out === number) status.push("went out");
  if (view.knocker === number) status.push("knocked");
  if (view.result?.winners.includes(number)) status.push("winner");
  const classes = [view.turn === number && "turn", seat.dead && "dead"].filter(Boolean).join(" ");
  return element("tr", { "data-seat": number, class: classes || undefined },
    element("th", { scope: "row" }, String(number)),
    element("td", {}, seat.name),
    element("td", { class: "hand-size" }, String(seat.hand_size)),
    element("td", { class: "hand" }, ...seatHand(view, seat)),
    element("td", { class: "melds" }, ...seatMelds(view, seat)),
    element("td", { class: "status" }, status.join(", ")),
    element("td", { class: "points" }, view.result ? String(view.result.points[number]) : ""),
  );
}

/** The cards off the seats as the view has them: the undealt cards of a game without a
 * stock, or the discard pile's top and size, the stock's size, the wild rank, and the
 * rest a view carries. */
export function pilesNode(view) {
  if (!("stock_size" in view)) {
    return element("p", { id: "piles" }, `Undealt cards: ${view.undealt_count}.`);
  }
  const top = view.discards.at(-1);
  const parts = [
    element("span", { class: "pile", "data-pile": "discards" }, "Discard pile: ",
      ...(top ? [card(top, undefined, view.wild), ` on top, ${view.discards.length} in all`] : ["empty"])),
    element("span", { class: "pile", "data-pile": "stock" }, `Stock: ${view.stock_size} cards`),
  ];
  if (view.wild) parts.push(element("span", { class: "pile", "data-pile": "wild" }, `Wild rank: ${view.wild}s (hand ${view.number})`));
  if (view.taken) parts.push(element("span", { class: "pile" }, "Taken from the pile this turn: ", card(view.taken)));
  if (view.knock_limit !== undefined) parts.push(element("span", { class: "pile", "data-pile": "knock" }, `Knock with deadwood at most ${view.knock_limit}`));
  if (view.doubled) parts.push(element("span", { class: "pile", "data-pile": "doubled" }, "Spade upcard: the deal scores double"));
  if (view.layoffs?.length) parts.push(element("span", { class: "pile", "data-pile": "layoffs" }, "Laid off: ", ...cards(view.layoffs)));
  return element("p", { id: "piles" }, ...parts.flatMap((part, i) => (i ? [" · ", part] : [part])));
}

/** A doubled deal's words (a spade as Oklahoma's first upcard, G20): its points, and
 * its box too where the end counts boxes. */
const doubledWords = (end) => (end.doubled
  ? `; the deal scored double (a spade first upcard)${end.boxes?.length ? `, boxes ${end.boxes.join(" / ")}` : ""}`
  : "");

/** How the game stands, in words: whose turn, or how it ended and who won. */
export function statusLine(view) {
  const name = (seat) => view.seats[seat]?.name ?? `seat ${seat}`;
  const result = view.result;
  if (result) {
    let how = reasonWords(result.reason);
    if (result.reason === "out" && result.went_out !== null && result.went_out !== undefined) {
      how = `${name(result.went_out)} ${result.rummy ? "went rummy" : "went out"}`;
    }
    const won = result.winners.length ? `; won by ${result.winners.map(name).join(" and ")}` : "; nobody wins";
    return `Game over: ${how}${won}${doubledWords(result)}.`;
  }
  if (view.turn === null) return "Nobody is to play.";
  if (view.phase) return `${name(view.turn)} to ${phaseWords(view)}.`;
  return `${name(view.turn)} to play.`;
}

const DEAD_REASONS = {
  declared: "declared",
  no_move: "no move left",
  no_passport: "no passport",
  timeout: "the turn clock ran out",
};

/** The end of a sentence of a seat's event, saying where the clock played it (R36, R51). */
const byClock = (event) => (event.reason === "timeout" ? " (the clock's default turn)." : ".");

/**
 * One event in words, with its cards drawn. A seat's own event starts with the seat and
 * its player's name ("Seat 1 · Ben: draws …"), so that it reads right whatever the name
 * ("You", "I", a bot's): the name is never the subject of a verb.
 */
export function describe(event, players) {
  const who = (seat) => `seat ${seat} · ${players[seat] ?? "?"}`;
  const by = (seat, ...rest) => [`Seat ${seat} · ${players[seat] ?? "?"}: `, ...rest];
  if (endings.has(event.type)) return ending(event, endings.get(event.type), who);
  switch (event.type) {
    case "Dealt":
      return [`Dealt to ${event.players.join(", ")}; the dealer is ${who(event.dealer)}.`];
    case "HandDealt":
      return [`Hand ${event.hand} dealt to ${event.players.join(", ")}; the dealer is ${who(event.dealer)}; upcard `, card(event.upcard), "."];
    case "PassportMelded":
    case "Melded": {
      const what = event.type === "PassportMelded" ? "passport" : "meld";
      return by(event.seat, `lays ${what} #${event.meld} (${event.kind}): `, ...cards(event.cards, event.stands_for));
    }
    case "LaidOff":
      return by(event.seat, "lays off ", card(event.card, event.stands_for), ` on #${event.meld}${event.end ? ` (${event.end} end)` : ""}.`);
    case "WildSwapped":
      return by(event.seat, "swaps ", card(event.card), ` for the joker in #${event.meld}.`);
    case "TurnEnded":
      return by(event.seat, "ends the turn.");
    case "DeclaredDead":
      return by(event.seat, `is dead (${DEAD_REASONS[event.reason] ?? words(event.reason)}).`);
    case "DeclaredGame":
      return by(event.seat, "declares Game.");
    case "Drew":
      return by(event.seat, "draws ", ...(event.card ? [card(event.card)] : ["a card"]), ` from the ${event.source === "discard" ? "discard pile" : "stock"}.`);
    case "Discarded":
      return by(event.seat, "discards ", card(event.card), byClock(event));
    case "StockRebuilt":
      return [`The stock is rebuilt from the discard pile (${event.stock_size ?? event.stock?.length} cards).`];
    case "WentOut":
      return by(event.seat, "goes out", ...(event.melds?.length ? [" with ", ...event.melds.flatMap((m, i) => [...(i ? ["; "] : []), ...cards(m)])] : []), ".");
    case "UpcardPassed":
      return by(event.seat, "passes the first upcard", byClock(event));
    case "Knocked":
      return by(event.seat, event.big_gin ? "goes out with big gin: all eleven cards melded, no discard." : "knocks.");
    case "MeldShown":
      return by(event.seat, "lays the meld ", ...cards(event.cards), ".");
    case "CardLaidOff":
      return by(event.seat, "lays off ", card(event.card), ".");
    case "ShowingDone":
      return by(event.seat, "is done laying cards", byClock(event));
    case "SeedRevealed":
      return ["The server seed behind the deal is revealed."];
    default:
      return inWords(event, by);
  }
}

/**
 * The event that ends a game of any game (its game's `end_type`), from what it carries:
 * who went out (and whether in one go), or the reason; the seat the clock passed for;
 * the deadwood counted; the points. `word` is what a match calls one game of it.
 */
function ending(event, word, who) {
  const points = event.points ? `; points ${event.points.join(" / ")}` : "";
  if (event.went_out !== undefined && event.went_out !== null) {
    return [`The ${word} ends: ${who(event.went_out)} ${event.rummy ? "went rummy" : "went out"}${points}.`];
  }
  const clock = event.timed_out === undefined || event.timed_out === null ? "" : `, ${who(event.timed_out)} passing by the clock`;
  // Deadwood as points (a knock's count); the cards left are the seats' hands, shown there.
  const counted = event.deadwood?.length && event.deadwood.every((d) => typeof d === "number");
  const deadwood = counted ? `; deadwood ${event.deadwood.join(" / ")}` : "";
  return [`The ${word} ends (${reasonWords(event.reason)}${clock})${deadwood}${points}${doubledWords(event)}.`];
}

const CARD = /^(?:[2-9]|10|[AJQK])[SHDC]$|^JK$/;
const isCards = (value) => Array.isArray(value) && value.length > 0 && value.every((v) => CARD.test(v));

/** One field of an event in words: a card drawn, cards and groups of cards drawn, a seat
 * named, numbers and words as they are. */
function fieldWords(key, value, who) {
  const name = words(key);
  if (typeof value === "string" && CARD.test(value)) return [`${name} `, card(value)];
  if (isCards(value)) return [`${name} `, ...cards(value)];
  if (Array.isArray(value) && value.length && value.every(isCards)) {
    return [`${name} `, ...value.flatMap((group, i) => [...(i ? ["; "] : []), ...cards(group)])];
  }
  if (key === "dealer" || key === "went_out") return [`${name} ${who(value)}`];
  if (Array.isArray(value)) return [`${name} ${value.map((v) => (typeof v === "object" ? JSON.stringify(v) : v)).join(" / ")}`];
  if (typeof value === "object") return [`${name} ${JSON.stringify(value)}`];
  return [`${name} ${typeof value === "string" ? words(value) : value}`];
}

/**
 * An event without words of its own, read from what it carries: its seat first (as every
 * seat's event), its type in words ("CardLaidOff": "card laid off"), then each field,
 * its cards drawn: "Seat 1 · Ben: card laid off (card 5♠, meld 2)."
 */
export function inWords(event, by) {
  const who = (seat) => `seat ${seat}`;
  const what = event.type.replace(/(?<=[a-z0-9])(?=[A-Z])/g, " ").toLowerCase();
  const fields = Object.entries(event)
    .filter(([key, value]) => key !== "type" && key !== "seat" && value !== null && value !== undefined && !(Array.isArray(value) && !value.length))
    .map(([key, value]) => fieldWords(key, value, who));
  const detail = fields.length ? [" (", ...fields.flatMap((f, i) => [...(i ? ["; "] : []), ...f]), ")"] : [];
  const said = [what, ...detail, "."];
  if (typeof event.seat === "number") return by(event.seat, ...said);
  return [what[0].toUpperCase() + what.slice(1), ...said.slice(1)];
}

/** Whether `records` hold the event that ends a game (its game's `end_type`). */
export const ended = (records) => records.some((record) => endings.has(record.event.type));

/** Every game's event types, each arriving on a stream as an SSE event of its name. */
export const eventTypes = () => eventTypeNames;

/** The players' names of a game's first event. */
export const playersOf = (records) => records[0]?.event.players ?? [];

/** A problem+json answer as one line: the title, the service's words, the rule id. */
export function problemText(body, fallback) {
  const where = body.rule ? ` (rule ${body.rule})` : "";
  const at = body.event_index === undefined || body.event_index === null ? "" : ` at event ${body.event_index}`;
  return `${body.title ?? fallback}: ${body.detail ?? ""}${where}${at}`;
}

/** `fetch`, the JSON answer, or an Error in the service's words (`problem` holds the body). */
export async function getJson(url, init) {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(problemText(body, response.statusText || String(response.status)));
    error.problem = body;
    error.status = response.status;
    throw error;
  }
  return body;
}
