/**
 * Drawing a table: cards, melds, seats, the piles, how a hand ended, the events.
 *
 * Shared by the replay viewer and the play page. It draws what the service answers (a
 * `GameView` of Penang Rummy or a `HandView` of basic Rummy and Three Thirteen, and
 * their events) and decides nothing: no rule lives here.
 */

export const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
const REASONS = {
  game: "Game declared",
  all_dead: "every seat is dead",
  out: "went out",
  blocked: "the hand is blocked: nobody can go out",
  knock: "a knock",
  gin: "gin",
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
const phaseWords = (view) => PHASES[view.phase] ?? "meld or discard";
/** A seat's number: a view's seat names it, or (Gin's `GinSeatView`) its place does. */
const seatNumber = (view, seat) => seat.seat ?? view.seats.indexOf(seat);

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
    return standsFor ? `joker as ${/[SHDC]$/.test(standsFor) ? cardName(standsFor) : standsFor}` : "joker";
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

/** Whether `view` is a draw game's hand (`HandView`): it has a stock. */
export const isDraw = (view) => "stock_size" in view;

/** What a seat holds on the table: its melds, a Three Thirteen hand's going-out melds,
 * and the melds a Gin seat laid after a knock. */
function seatMelds(view, seat) {
  const number = seatNumber(view, seat);
  const melds = (view.table ?? []).filter((meld) => meld.owner === number).map((meld) => meldNode(meld, view.wild));
  (seat.melds ?? []).forEach((group, i) => {
    melds.push(element("span", { class: "meld", "data-shown": i }, ...cards(group)));
  });
  const declared = view.result?.melds?.[number] ?? [];
  declared.forEach((group, i) => {
    melds.push(element("span", { class: "meld declared", "data-declared": i },
      element("span", { class: "meld-label" }, "gone out with "), ...cards(group, [], view.wild)));
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
  if (view.turn === number) status.push(isDraw(view) ? `▶ to ${view.phase === "draw" ? "draw" : "play"}` : "▶ to play");
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

/** The piles of a draw game: the discard pile's top and size, the stock's size, the wild rank. */
export function pilesNode(view) {
  if (!isDraw(view)) {
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
  if (view.layoffs?.length) parts.push(element("span", { class: "pile", "data-pile": "layoffs" }, "Laid off: ", ...cards(view.layoffs)));
  return element("p", { id: "piles" }, ...parts.flatMap((part, i) => (i ? [" · ", part] : [part])));
}

/** How the game stands, in words: whose turn, or how it ended and who won. */
export function statusLine(view) {
  const name = (seat) => view.seats[seat]?.name ?? `seat ${seat}`;
  const result = view.result;
  if (result) {
    let how = REASONS[result.reason] ?? result.reason;
    if (result.reason === "out" && result.went_out !== null && result.went_out !== undefined) {
      how = `${name(result.went_out)} ${result.rummy ? "went rummy" : "went out"}`;
    }
    const won = result.winners.length ? `; won by ${result.winners.map(name).join(" and ")}` : "; nobody wins";
    return `Game over: ${how}${won}.`;
  }
  if (view.turn === null) return "Nobody is to play.";
  if (isDraw(view)) return `${name(view.turn)} to ${phaseWords(view)}.`;
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
      return by(event.seat, `is dead (${DEAD_REASONS[event.reason] ?? event.reason.replaceAll("_", " ")}).`);
    case "DeclaredGame":
      return by(event.seat, "declares Game.");
    case "GameEnded":
      return [`The game ends (${REASONS[event.reason] ?? event.reason}); points ${event.points.join(" / ")}.`];
    case "Drew":
      return by(event.seat, "draws ", ...(event.card ? [card(event.card)] : ["a card"]), ` from the ${event.source === "discard" ? "discard pile" : "stock"}.`);
    case "Discarded":
      return by(event.seat, "discards ", card(event.card), byClock(event));
    case "StockRebuilt":
      return [`The stock is rebuilt from the discard pile (${event.stock_size ?? event.stock?.length} cards).`];
    case "WentOut":
      return by(event.seat, "goes out", ...(event.melds?.length ? [" with ", ...event.melds.flatMap((m, i) => [...(i ? ["; "] : []), ...cards(m)])] : []), ".");
    case "HandEnded": {
      const how = event.reason === "blocked" ? "it is blocked" : `${who(event.went_out)} ${event.rummy ? "went rummy" : "went out"}`;
      return [`The hand ends: ${how}; points ${event.points.join(" / ")}.`];
    }
    case "UpcardPassed":
      return by(event.seat, "passes the first upcard", byClock(event));
    case "Knocked":
      return by(event.seat, "knocks.");
    case "MeldShown":
      return by(event.seat, "lays the meld ", ...cards(event.cards), ".");
    case "CardLaidOff":
      return by(event.seat, "lays off ", card(event.card), ".");
    case "ShowingDone":
      return by(event.seat, "is done laying cards", byClock(event));
    case "GinHandEnded": {
      const how = REASONS[event.reason] ?? event.reason;
      const deadwood = event.deadwood.length ? `; deadwood ${event.deadwood.join(" / ")}` : "";
      const clock = event.timed_out === undefined || event.timed_out === null ? "" : `, ${who(event.timed_out)} passing by the clock`;
      return [`The hand ends (${how}${clock})${deadwood}; points ${event.points.join(" / ")}.`];
    }
    case "SeedRevealed":
      return ["The server seed behind the deal is revealed."];
    default:
      return [event.type];
  }
}

/** The events that end a game or a hand. */
export const ENDINGS = new Set(["GameEnded", "HandEnded", "GinHandEnded"]);
export const ended = (records) => records.some((record) => ENDINGS.has(record.event.type));

/** Every event type of the games, each arriving on a stream as an SSE event of its name. */
export const EVENT_TYPES = [
  "Dealt", "PassportMelded", "Melded", "LaidOff", "WildSwapped", "TurnEnded",
  "DeclaredDead", "DeclaredGame", "GameEnded", "SeedRevealed",
  "HandDealt", "Drew", "Discarded", "StockRebuilt", "WentOut", "HandEnded",
  "UpcardPassed", "Knocked", "MeldShown", "CardLaidOff", "ShowingDone", "GinHandEnded",
];

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
